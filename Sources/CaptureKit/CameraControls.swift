import CV4L2
import Glibc
import SystemCalls

/// A streaming camera's controls, changed a step at a time by keys and put back as they were
/// when the camera is closed: a webcam keeps its settings until it loses power, and the next
/// program to open it should find them as the user left them before qrtui.
final class CameraControls {
    private let device: V4L2Device
    /// Each control changed, with the value it had before, in the order first changed:
    /// put back last to first (manual focus before auto focus is turned on again).
    private var before: [(id: UInt32, value: Int)] = []

    init(device: V4L2Device) { self.device = device }

    /// Does what `change` asks, or says why it cannot.
    func apply(_ change: ControlChange) -> ControlReport {
        switch change {
        case .focusNearer, .focusFarther: return focus(nearer: change == .focusNearer)
        case .toggleAutoFocus: return toggleAutoFocus()
        case .brighter, .darker: return exposure(brighter: change == .brighter)
        case .zoomIn, .zoomOut: return step(QRTUI_CID_ZOOM_ABSOLUTE, "zoom", by: change == .zoomIn ? 1 : -1)
        }
    }

    /// Positive focus values are nearer the camera (V4L2's convention). Manual focus needs
    /// auto focus off first.
    private func focus(nearer: Bool) -> ControlReport {
        guard device.control(QRTUI_CID_FOCUS_ABSOLUTE) != nil else {
            return ControlReport("this camera has no focus control", changed: false)
        }
        var prefix = ""
        if let automatic = device.control(QRTUI_CID_FOCUS_AUTO), automatic.value != 0, !automatic.readOnly {
            guard set(automatic, to: 0) == nil else {
                return ControlReport("auto focus cannot be turned off", changed: false)
            }
            prefix = "auto focus off, "
        }
        let report = step(QRTUI_CID_FOCUS_ABSOLUTE, "focus", by: nearer ? 1 : -1)
        return ControlReport(prefix + report.text, changed: report.changed || !prefix.isEmpty)
    }

    private func toggleAutoFocus() -> ControlReport {
        guard let automatic = device.control(QRTUI_CID_FOCUS_AUTO) else {
            return ControlReport("this camera has no auto focus", changed: false)
        }
        let on = automatic.value == 0
        if let failure = set(automatic, to: on ? 1 : 0) {
            return ControlReport("auto focus: \(failure)", changed: false)
        }
        return ControlReport("auto focus \(on ? "on" : "off")", changed: true)
    }

    /// The exposure time where the camera has one (manual exposure first), else brightness;
    /// exposure in steps of a factor, as the eye sees light.
    private func exposure(brighter: Bool) -> ControlReport {
        guard let exposure = device.control(QRTUI_CID_EXPOSURE_ABSOLUTE), !exposure.readOnly else {
            return step(
                QRTUI_CID_BRIGHTNESS, "brightness", by: brighter ? 1 : -1, orNone: "no exposure or brightness control")
        }
        var prefix = ""
        if let automatic = device.control(QRTUI_CID_EXPOSURE_AUTO), automatic.value != Int(QRTUI_EXPOSURE_MANUAL),
            !automatic.readOnly
        {
            guard set(automatic, to: Int(QRTUI_EXPOSURE_MANUAL)) == nil else {
                return ControlReport("auto exposure cannot be turned off", changed: false)
            }
            prefix = "manual exposure, "
        }
        let current = device.control(QRTUI_CID_EXPOSURE_ABSOLUTE)?.value ?? exposure.defaultValue
        let target =
            brighter ? max(current + exposure.step, current * 7 / 5) : min(current - exposure.step, current * 5 / 7)
        let report = setClamped(QRTUI_CID_EXPOSURE_ABSOLUTE, "exposure", to: target)
        return ControlReport(prefix + report.text, changed: report.changed || !prefix.isEmpty)
    }

    /// One step of a twentieth of the range (at least the control's own step) up or down.
    private func step(_ id: UInt32, _ label: String, by direction: Int, orNone none: String? = nil) -> ControlReport {
        guard let control = device.control(id) else {
            return ControlReport(none ?? "this camera has no \(label) control", changed: false)
        }
        // A twentieth of the range, in whole steps of the control's own.
        let stride = control.step * max(1, ((control.maximum - control.minimum) / 20 + control.step - 1) / control.step)
        return setClamped(id, label, to: (control.value ?? control.defaultValue) + direction * stride)
    }

    private func setClamped(_ id: UInt32, _ label: String, to target: Int) -> ControlReport {
        guard let control = device.control(id) else { return ControlReport("no \(label) control", changed: false) }
        let value = min(control.maximum, max(control.minimum, target))
        let range = "\(control.minimum)–\(control.maximum)"
        guard value != control.value else {
            let end = value == control.maximum ? "highest" : "lowest"
            return ControlReport("\(label) \(value) is the \(end) (\(range))", changed: false)
        }
        if let failure = set(control, to: value) { return ControlReport("\(label): \(failure)", changed: false) }
        return ControlReport("\(label) \(value) (\(range))", changed: true)
    }

    /// Sets a control, remembering its first value; nil, or why the camera refused.
    private func set(_ control: CameraControl, to value: Int) -> String? {
        if control.readOnly { return "the camera does not let it be set" }
        if control.inactive { return "the camera does not use it now" }
        do {
            try device.setControl(control.id, to: value)
        } catch {
            return error.errno?.message ?? "\(error)"
        }
        if !before.contains(where: { $0.id == control.id }), let old = control.value {
            before.append((control.id, old))
        }
        return nil
    }

    /// Every control changed back to what it was: the manual values first, with their
    /// automatic counterparts set to manual while they are (the camera refuses a manual value
    /// an automatic mode overrides), then the automatic modes as they were.
    func restore() {
        let automatic: [(id: UInt32, manual: Int, for: UInt32)] = [
            (QRTUI_CID_FOCUS_AUTO, 0, QRTUI_CID_FOCUS_ABSOLUTE),
            (QRTUI_CID_EXPOSURE_AUTO, Int(QRTUI_EXPOSURE_MANUAL), QRTUI_CID_EXPOSURE_ABSOLUTE),
        ]
        var modes = before.filter { change in automatic.contains { $0.id == change.id } }
        for mode in automatic where before.contains(where: { $0.id == mode.for }) {
            guard let now = device.control(mode.id)?.value else { continue }
            if !modes.contains(where: { $0.id == mode.id }) { modes.append((mode.id, now)) }
            if now != mode.manual { try? device.setControl(mode.id, to: mode.manual) }
        }
        for (id, value) in before.reversed() where !modes.contains(where: { $0.id == id }) {
            try? device.setControl(id, to: value)
        }
        for (id, value) in modes { try? device.setControl(id, to: value) }
        before = []
    }
}
