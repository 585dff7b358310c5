import CV4L2
import Glibc

extension V4L2Device {
    /// Every control the camera lists (VIDIOC_QUERYCTRL with NEXT_CTRL), with its value now;
    /// disabled ones and the headings of control classes left out.
    func controls() -> [CameraControl] {
        var found = [CameraControl]()
        var next = QRTUI_CTRL_FLAG_NEXT_CTRL
        while found.count < 256 {
            var query = v4l2_queryctrl()
            query.id = next
            guard (try? control(QRTUI_VIDIOC_QUERYCTRL, "VIDIOC_QUERYCTRL", &query)) != nil else { break }
            next = query.id | QRTUI_CTRL_FLAG_NEXT_CTRL
            if let control = described(query) { found.append(control) }
        }
        return found
    }

    /// The control `id`, or nil when the camera has none (or keeps it disabled).
    func control(_ id: UInt32) -> CameraControl? {
        var query = v4l2_queryctrl()
        query.id = id
        guard (try? control(QRTUI_VIDIOC_QUERYCTRL, "VIDIOC_QUERYCTRL", &query)) != nil else { return nil }
        return described(query)
    }

    func setControl(_ id: UInt32, to value: Int) throws(CaptureError) {
        var setting = v4l2_control(id: id, value: Int32(clamping: value))
        try control(QRTUI_VIDIOC_S_CTRL, "VIDIOC_S_CTRL", &setting)
    }

    private func described(_ query: v4l2_queryctrl) -> CameraControl? {
        let kind: CameraControl.Kind
        switch query.type {
        case QRTUI_CTRL_TYPE_INTEGER: kind = .integer
        case QRTUI_CTRL_TYPE_BOOLEAN: kind = .boolean
        case QRTUI_CTRL_TYPE_MENU: kind = .menu
        default: return nil  // classes, buttons, strings: nothing a key turns
        }
        guard query.flags & QRTUI_CTRL_FLAG_DISABLED == 0 else { return nil }
        let name = withUnsafeBytes(of: query.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        var value: Int?
        if query.flags & QRTUI_CTRL_FLAG_WRITE_ONLY == 0 {
            var current = v4l2_control(id: query.id, value: 0)
            if (try? control(QRTUI_VIDIOC_G_CTRL, "VIDIOC_G_CTRL", &current)) != nil { value = Int(current.value) }
        }
        var described = CameraControl(
            id: query.id, name: name, kind: kind, minimum: Int(query.minimum), maximum: Int(query.maximum),
            step: max(1, Int(query.step)), defaultValue: Int(query.default_value), value: value,
            readOnly: query.flags & QRTUI_CTRL_FLAG_READ_ONLY != 0,
            inactive: query.flags & QRTUI_CTRL_FLAG_INACTIVE != 0)
        if kind == .menu { described.menu = menu(of: query) }
        return described
    }

    private func menu(of query: v4l2_queryctrl) -> [Int: String] {
        var entries = [Int: String]()
        guard query.minimum >= 0, query.maximum <= 64 else { return entries }
        for index in query.minimum...query.maximum {
            var item = v4l2_querymenu()
            item.id = query.id
            item.index = UInt32(index)
            guard (try? control(QRTUI_VIDIOC_QUERYMENU, "VIDIOC_QUERYMENU", &item)) != nil else { continue }
            entries[Int(index)] = withUnsafeBytes(of: item.name) {
                String(decoding: $0.prefix(32).prefix { $0 != 0 }, as: UTF8.self)
            }
        }
        return entries
    }
}
