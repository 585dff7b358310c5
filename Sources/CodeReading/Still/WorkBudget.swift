/// Counted work a reading may still spend: pixels times a pass's cost factor (see
/// `ScanPass.costFactor`), the same on every machine.
final class WorkBudget {
    private(set) var remaining: Double
    private(set) var spent = 0.0
    /// What each counted pixel is charged.
    var weight = 1.0
    /// Each question asked of a budget that keeps them (`counting`), in order: the charge, whether
    /// it fitted, and whether it was taken.
    private(set) var asked: [(charge: Double, fitted: Bool, taken: Bool)] = []
    private let keepsAsked: Bool

    init(_ amount: Double) {
        remaining = amount
        keepsAsked = false
    }

    private init(counting amount: Double, weight: Double) {
        remaining = amount
        self.weight = weight
        keepsAsked = true
    }

    /// A budget of `amount` that keeps each question asked of it (a window read ahead of its turn).
    static func counting(_ amount: Double, weight: Double) -> WorkBudget {
        WorkBudget(counting: amount, weight: weight)
    }

    /// Whether `cost` fits what is left (nothing is taken).
    func fits(_ cost: Double) -> Bool {
        let fitted = cost * weight <= remaining
        if keepsAsked { asked.append((cost * weight, fitted, false)) }
        return fitted
    }

    /// Takes `cost` when it fits what is left; false (nothing taken) when it does not.
    func take(_ cost: Double) -> Bool {
        let cost = cost * weight
        let fitted = cost <= remaining
        if keepsAsked { asked.append((cost, fitted, fitted)) }
        guard fitted else { return false }
        remaining -= cost
        spent += cost
        return true
    }

    /// Takes what another budget took when every question it was `asked` gets the same answer
    /// here, in turn (so what was read with it is what would be read with this one); false
    /// (nothing taken) otherwise.
    func takeAlike(_ asked: [(charge: Double, fitted: Bool, taken: Bool)]) -> Bool {
        var (left, total) = (remaining, spent)
        for question in asked {
            guard (question.charge <= left) == question.fitted else { return false }
            if question.taken {
                left -= question.charge
                total += question.charge
            }
        }
        (remaining, spent) = (left, total)
        return true
    }
}
