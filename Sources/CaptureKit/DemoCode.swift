import FrameCore

/// The code the demo scene shows, a link that says what it is, kept as its modules (what
/// libqrencode makes of the payload at level M; a test checks it still does), so qrtui links
/// no encoder.
public enum DemoCode {
    public static let payload = "https://example.org/qrtui-demo"

    /// Row by row, `#` for a dark module.
    static let rows: [String] = [
        "#######.#...####...##.#######",
        "#.....#.#..###..###.#.#.....#",
        "#.###.#...###...#.....#.###.#",
        "#.###.#.#.#...##.#..#.#.###.#",
        "#.###.#..##.#.#.####..#.###.#",
        "#.....#...####.##.###.#.....#",
        "#######.#.#.#.#.#.#.#.#######",
        "........#..#...####.#........",
        "#.##.###.#.###.#.####.#..#.##",
        ".##..#..#....###.####.###...#",
        ".##.#.#.#.#.##..##........##.",
        ".##.#..##.......#.#.#.###...#",
        "#..#.##.#####.##.###.....##..",
        "##.##..####.#.#.#..##.#...###",
        "..##..#.#..###.##.####.#..###",
        ".#.###..##.##.#.#..###..#..#.",
        "#####.####....###.#.##.###.#.",
        ".#.###..#.###.#.#...#..#.###.",
        "#.....##.#...####.......#.#..",
        "..###....#.#.##..#.###.##.#..",
        ".#..#.#.#....##.###########..",
        "........#..#...##.###...#####",
        "#######.#.....##.####.#.##.#.",
        "#.....#.#.#.####..#.#...##...",
        "#.###.#..........#..#####.#.#",
        "#.###.#.##..#......#....##.#.",
        "#.###.#.#..#.##...#.#..#..#.#",
        "#.....#..####...#...#.####.#.",
        "#######.##....##..###.#....#.",
    ]

    /// Dark modules, row-major.
    public static var modules: [Bool] { rows.flatMap { $0.map { $0 == "#" } } }

    /// The code drawn for a scene `height` pixels tall (about a hundredth of it per module),
    /// dark grey on light grey, in a quiet zone of four modules.
    public static func picture(forHeight height: Int = 720) -> Frame {
        let moduleSize = max(2, height / 100)
        let side = rows.count
        let quiet = 4
        let pixels = (side + 2 * quiet) * moduleSize
        var luma = [UInt8](repeating: 225, count: pixels * pixels)
        for (y, row) in rows.enumerated() {
            for (x, module) in row.enumerated() where module == "#" {
                for dy in 0..<moduleSize {
                    let start = ((y + quiet) * moduleSize + dy) * pixels + (x + quiet) * moduleSize
                    for i in start..<(start + moduleSize) { luma[i] = 30 }
                }
            }
        }
        return Frame(width: pixels, height: pixels, luma: luma)
    }
}
