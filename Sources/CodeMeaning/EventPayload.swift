/// A calendar event (iCalendar VEVENT, alone or in a VCALENDAR): summary, start, end,
/// place and description. Times stay as written ("20261130T120000Z").
enum EventPayload {
    static func meaning(_ text: String) -> CodeMeaning? {
        let lines = ContentLine.parse(text)
        guard lines.contains(where: { $0.name == "BEGIN" && $0.value.uppercased() == "VEVENT" }) else { return nil }
        let names = [
            ("SUMMARY", "summary"), ("DTSTART", "start"), ("DTEND", "end"), ("LOCATION", "location"),
            ("DESCRIPTION", "description"), ("URL", "url"),
        ]
        var fields = [Field]()
        for (property, field) in names {
            if let line = lines.first(where: { $0.name == property }), !line.text.isEmpty {
                fields.append(Field(field, line.text))
            }
        }
        return fields.isEmpty ? nil : CodeMeaning(kind: .event, fields: fields)
    }
}
