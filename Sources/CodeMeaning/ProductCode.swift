/// EAN/UPC product numbers: the GTIN, the GS1 member organisation its prefix was issued by
/// (which says where the company registered, not where the product was made), and books:
/// a 978/979 EAN is an ISBN (978 ones also as ISBN-10), a 977 one an ISSN.
enum ProductCode {
    static func meaning(_ text: String) -> CodeMeaning? {
        guard [8, 12, 13].contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let gtin = text.count == 12 ? "0" + text : text
        if gtin.count == 13, gtin.hasPrefix("978") || gtin.hasPrefix("979") {
            var fields = [Field("isbn13", gtin)]
            if gtin.hasPrefix("978") { fields.append(Field("isbn10", isbn10(gtin))) }
            return CodeMeaning(kind: .isbn, fields: fields)
        }
        var fields = [Field("gtin", gtin)]
        if gtin.count == 13, let prefix = Int(gtin.prefix(3)), let region = region(prefix) {
            fields.append(Field("prefix", region))
        }
        if gtin.hasPrefix("977") { fields.append(Field("issn", issn(gtin))) }
        return CodeMeaning(kind: .product, fields: fields)
    }

    /// The nine digits after 978 and their mod-11 check (X for 10).
    static func isbn10(_ isbn13: String) -> String {
        let nine = Array(isbn13.dropFirst(3).prefix(9)).compactMap(\.wholeNumberValue)
        let sum = nine.enumerated().reduce(0) { $0 + $1.element * (10 - $1.offset) }
        let check = (11 - sum % 11) % 11
        return nine.map(String.init).joined() + (check == 10 ? "X" : String(check))
    }

    /// 977 + seven ISSN digits + two more: the ISSN is those seven and their mod-11 check.
    static func issn(_ ean: String) -> String {
        let seven = Array(ean.dropFirst(3).prefix(7)).compactMap(\.wholeNumberValue)
        let sum = seven.enumerated().reduce(0) { $0 + $1.element * (8 - $1.offset) }
        let check = (11 - sum % 11) % 11
        let digits = seven.map(String.init).joined()
        return digits.prefix(4) + "-" + digits.suffix(3) + (check == 10 ? "X" : String(check))
    }

    /// GS1 prefixes (the first three digits) by the member organisation that issues them.
    static func region(_ prefix: Int) -> String? {
        ranges.first { $0.0.contains(prefix) }?.1
    }

    static let ranges: [(ClosedRange<Int>, String)] = [
        (0...19, "USA and Canada"), (20...29, "in-store numbers"), (30...39, "USA (drugs)"),
        (40...49, "in-store numbers"),
        (50...59, "coupons"), (60...139, "USA and Canada"), (200...299, "in-store numbers"),
        (300...379, "France and Monaco"),
        (380...380, "Bulgaria"), (383...383, "Slovenia"), (385...385, "Croatia"), (387...387, "Bosnia and Herzegovina"),
        (389...389, "Montenegro"), (400...440, "Germany"), (450...459, "Japan"), (460...469, "Russia"),
        (470...470, "Kyrgyzstan"), (471...471, "Taiwan"), (474...474, "Estonia"), (475...475, "Latvia"),
        (476...476, "Azerbaijan"), (477...477, "Lithuania"), (478...478, "Uzbekistan"), (479...479, "Sri Lanka"),
        (480...480, "Philippines"), (481...481, "Belarus"), (482...482, "Ukraine"), (484...484, "Moldova"),
        (485...485, "Armenia"), (486...486, "Georgia"), (487...487, "Kazakhstan"), (488...488, "Tajikistan"),
        (489...489, "Hong Kong"), (490...499, "Japan"), (500...509, "United Kingdom"), (520...521, "Greece"),
        (528...528, "Lebanon"), (529...529, "Cyprus"), (530...530, "Albania"), (531...531, "North Macedonia"),
        (535...535, "Malta"), (539...539, "Ireland"), (540...549, "Belgium and Luxembourg"), (560...560, "Portugal"),
        (569...569, "Iceland"), (570...579, "Denmark, Faroe Islands and Greenland"), (590...590, "Poland"),
        (594...594, "Romania"), (599...599, "Hungary"), (600...601, "South Africa"), (603...603, "Ghana"),
        (604...604, "Senegal"), (608...608, "Bahrain"), (609...609, "Mauritius"), (611...611, "Morocco"),
        (613...613, "Algeria"), (615...615, "Nigeria"), (616...616, "Kenya"), (618...618, "Côte d'Ivoire"),
        (619...619, "Tunisia"), (620...620, "Tanzania"), (621...621, "Syria"), (622...622, "Egypt"),
        (624...624, "Libya"), (625...625, "Jordan"), (626...626, "Iran"), (627...627, "Kuwait"),
        (628...628, "Saudi Arabia"), (629...629, "United Arab Emirates"), (640...649, "Finland"),
        (690...699, "China"), (700...709, "Norway"), (729...729, "Israel"), (730...739, "Sweden"),
        (740...740, "Guatemala"), (741...741, "El Salvador"), (742...742, "Honduras"), (743...743, "Nicaragua"),
        (744...744, "Costa Rica"), (745...745, "Panama"), (746...746, "Dominican Republic"), (750...750, "Mexico"),
        (754...755, "Canada"), (759...759, "Venezuela"), (760...769, "Switzerland and Liechtenstein"),
        (770...771, "Colombia"), (773...773, "Uruguay"), (775...775, "Peru"), (777...777, "Bolivia"),
        (778...779, "Argentina"), (780...780, "Chile"), (784...784, "Paraguay"), (786...786, "Ecuador"),
        (789...790, "Brazil"), (800...839, "Italy, San Marino and Vatican City"), (840...849, "Spain and Andorra"),
        (850...850, "Cuba"), (858...858, "Slovakia"), (859...859, "Czechia"), (860...860, "Serbia"),
        (865...865, "Mongolia"), (867...867, "North Korea"), (868...869, "Türkiye"), (870...879, "Netherlands"),
        (880...880, "South Korea"), (884...884, "Cambodia"), (885...885, "Thailand"), (888...888, "Singapore"),
        (890...890, "India"), (893...893, "Vietnam"), (896...896, "Pakistan"), (899...899, "Indonesia"),
        (900...919, "Austria"), (930...939, "Australia"), (940...949, "New Zealand"), (950...950, "GS1 Global Office"),
        (955...955, "Malaysia"), (958...958, "Macau"), (977...977, "serial publications (ISSN)"),
        (980...980, "refund receipts"), (981...984, "coupons"), (990...999, "coupons"),
    ]
}
