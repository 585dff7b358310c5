import CaptureKit
import Foundation
let dir = CommandLine.arguments[1]
var ok = 0, total = 0
for folder in try! FileManager.default.contentsOfDirectory(atPath: dir).sorted() {
  let path = dir + "/" + folder
  guard let files = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
  var fok = 0, ft = 0
  for f in files.sorted() where f.hasSuffix(".png") {
    let frame = try! ImageDecoder.load(path: path + "/" + f)
    let codes = CodeScanner().scan(frame)
    let txt = path + "/" + f.replacingOccurrences(of: ".png", with: ".txt")
    guard let want = FileManager.default.contents(atPath: txt) else { continue }
    ft += 1
    if codes.contains(where: { Array($0.text.utf8) == Array(want) }) { fok += 1 } else if folder == "qrcode-2" || folder == "itf-1" { print("  FAIL", f, codes.map { "\($0.encoding) \($0.text.debugDescription)" }, String(decoding: want, as: UTF8.self).debugDescription) }
  }
  print(folder, fok, ft); ok += fok; total += ft
}
print("total", ok, total)
