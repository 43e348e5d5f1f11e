#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// When an animation runs and how its progress follows time: a delay, a duration and a
/// timing curve.
///
/// The curve maps the elapsed fraction of the duration (0…1) to the progress between the
/// animation's two values. A spring has no fixed duration: it runs from the end of the
/// delay until it settles (``Spring/settlingTime``), and ``duration`` is not used.
public struct AnimationTiming: Hashable, Sendable {
    /// Seconds from start to end (finite, ≥ 0; 0 jumps to the end value).
    public var duration: Double
    /// Seconds before the curve starts (finite, ≥ 0); the start value is shown meanwhile.
    public var delay: Double
    public var curve: TimingCurve

    public init(duration: Double = 0.25, delay: Double = 0, curve: TimingCurve = .linear) {
        self.duration = duration
        self.delay = delay
        self.curve = curve
    }

    /// Throws `.invalidValue` for a NaN, infinite or negative duration or delay and for a
    /// curve that cannot be evaluated (see ``TimingCurve``).
    public func validate(_ place: @autoclosure () -> String) throws(FrondError) {
        guard duration.isFinite && duration >= 0 else {
            throw FrondError(.invalidValue, "\(place()): duration \(duration) is not a finite number ≥ 0")
        }
        guard delay.isFinite && delay >= 0 else {
            throw FrondError(.invalidValue, "\(place()): delay \(delay) is not a finite number ≥ 0")
        }
        try curve.validate(place())
    }

    /// Seconds from the end of the delay to the end of the animation.
    func activeDuration() throws(FrondError) -> Double {
        if case .spring(let spring) = curve { return try spring.settlingTime() }
        return duration
    }
}

/// How progress follows time. The named curves are CSS's cubic Bézier curves:
///
///     linear       progress = elapsed fraction
///     easeIn       cubic-bezier(0.42, 0, 1, 1)
///     easeOut      cubic-bezier(0, 0, 0.58, 1)
///     easeInOut    cubic-bezier(0.42, 0, 0.58, 1)
///
/// A cubic Bézier runs from (0, 0) to (1, 1) through control points (x1, y1) and (x2, y2);
/// x1 and x2 must be within 0…1 (so that x is monotonic and each time has one progress),
/// y1 and y2 are numbers within ±1e6 (progress may overshoot). It is exact at 0 and 1.
public enum TimingCurve: Hashable, Sendable {
    case linear
    case easeIn
    case easeOut
    case easeInOut
    case cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double)
    case spring(Spring)

    /// The largest magnitude of a cubic Bézier curve's y1 and y2 (a curve overshoots by at
    /// most about as much; the values it carries are clamped anyway, see ``AnimationValue``).
    public static let maximumBezierY: Double = 1e6

    func validate(_ place: @autoclosure () -> String) throws(FrondError) {
        switch self {
        case .linear, .easeIn, .easeOut, .easeInOut:
            break
        case .cubicBezier(let x1, let y1, let x2, let y2):
            for (name, value) in [("x1", x1), ("x2", x2)] where !(value >= 0 && value <= 1) {
                throw FrondError(.invalidValue, "\(place()): cubic Bézier \(name) \(value) is not within 0…1")
            }
            let limit = Self.maximumBezierY
            for (name, value) in [("y1", y1), ("y2", y2)] where !(value >= -limit && value <= limit) {
                throw FrondError(.invalidValue, "\(place()): cubic Bézier \(name) \(value) is not finite and within ±1e6")
            }
        case .spring(let spring):
            try spring.validate(place())
        }
    }

    /// The curve's control points when it is a Bézier curve (nil for linear and springs).
    var bezierPoints: (Double, Double, Double, Double)? {
        switch self {
        case .linear, .spring: return nil
        case .easeIn: return (0.42, 0, 1, 1)
        case .easeOut: return (0, 0, 0.58, 1)
        case .easeInOut: return (0.42, 0, 0.58, 1)
        case .cubicBezier(let x1, let y1, let x2, let y2): return (x1, y1, x2, y2)
        }
    }
}

/// A cubic Bézier timing curve from (0, 0) to (1, 1), solved for a time fraction.
struct CubicBezier: Hashable, Sendable {
    // x(t) = ((ax·t + bx)·t + cx)·t, and the same for y (the polynomial form).
    private let ax, bx, cx, ay, by, cy: Double

    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The progress at time fraction `fraction`: y(t) where x(t) = fraction. Exactly 0 at
    /// or before 0 and 1 at or after 1. Newton's method from t = fraction, then bisection
    /// (x is monotonic on 0…1) when Newton stalls; both stop within 1e-12 of the fraction.
    func progress(_ fraction: Double) -> Double {
        if !(fraction > 0) { return 0 }
        if fraction >= 1 { return 1 }
        let tolerance = 1e-12
        var t = fraction
        for _ in 0..<8 {
            let error = x(t) - fraction
            if abs(error) < tolerance { return y(t) }
            let slope = dx(t)
            if abs(slope) < 1e-9 { break }
            t -= error / slope
        }
        if t >= 0 && t <= 1 && abs(x(t) - fraction) < tolerance { return y(t) }
        var low = 0.0, high = 1.0
        t = fraction
        for _ in 0..<200 {
            let value = x(t)
            if abs(value - fraction) < tolerance { break }
            if value < fraction { low = t } else { high = t }
            t = (low + high) / 2
        }
        return y(t)
    }
}

/// A damped spring (a mass on a spring with a damper): the progress is where the mass is
/// between the start (0) and the end value (1), following m·x″ + c·x′ + k·x = 0 in closed
/// form (under-, critically or over-damped), with x the distance still to go.
///
/// `initialVelocity` is in distances per second towards the end value (CoreAnimation's
/// convention). The spring *settles* when the bound on its remaining distance (the
/// amplitude envelope, which never increases after it peaks) falls to
/// ``settlingEpsilon`` (0.1% of the distance): the animation then ends on the end value.
public struct Spring: Hashable, Sendable {
    /// The damping coefficient c (> 0: an undamped spring would never settle).
    public var damping: Double
    /// The stiffness k (> 0).
    public var stiffness: Double
    /// The mass m (> 0).
    public var mass: Double
    /// The velocity at the start, in distances per second (within ±1e6; positive: towards the end).
    public var initialVelocity: Double

    /// The remaining distance (as a fraction of the whole) below which a spring is settled.
    public static let settlingEpsilon = 1e-3
    /// The largest magnitude of the initial velocity (distances per second).
    public static let maximumInitialVelocity: Double = 1e6
    /// The longest settling time accepted (seconds): a spring slower than this is refused.
    public static let maximumSettlingTime = 3600.0

    public init(damping: Double = 10, stiffness: Double = 100, mass: Double = 1, initialVelocity: Double = 0) {
        self.damping = damping
        self.stiffness = stiffness
        self.mass = mass
        self.initialVelocity = initialVelocity
    }

    func validate(_ place: @autoclosure () -> String) throws(FrondError) {
        for (name, value) in [("damping", damping), ("stiffness", stiffness), ("mass", mass)]
        where !(value.isFinite && value > 0) {
            throw FrondError(.invalidValue, "\(place()): spring \(name) \(value) is not a finite number > 0")
        }
        guard initialVelocity >= -Self.maximumInitialVelocity && initialVelocity <= Self.maximumInitialVelocity else {
            throw FrondError(.invalidValue, "\(place()): spring initial velocity \(initialVelocity) is not finite and within ±1e6")
        }
        _ = try settlingTime(place())
    }

    /// The spring's motion in closed form.
    var motion: SpringMotion { SpringMotion(self) }

    /// Seconds until the spring settles (see the type's documentation).
    public func settlingTime() throws(FrondError) -> Double { try settlingTime("spring") }

    private func settlingTime(_ place: @autoclosure () -> String) throws(FrondError) -> Double {
        let time = motion.settlingTime
        guard time.isFinite && time <= Self.maximumSettlingTime else {
            throw FrondError(.invalidValue, "\(place()): the spring (damping \(damping), stiffness \(stiffness), mass \(mass)) does not settle within \(Int(Self.maximumSettlingTime)) s")
        }
        return time
    }
}

/// The closed-form solution of a spring: x(t), the distance still to go (1 at t = 0).
struct SpringMotion {
    private enum Regime {
        /// x = e^(−ζω₀t)·(cos ωd·t + b·sin ωd·t)
        case under(decay: Double, frequency: Double, b: Double)
        /// x = (1 + b·t)·e^(−ω₀t)
        case critical(omega: Double, b: Double)
        /// x = a·e^(r1·t) + b·e^(r2·t)
        case over(r1: Double, r2: Double, a: Double, b: Double)
    }

    private let regime: Regime
    let settlingTime: Double

    init(_ spring: Spring) {
        let omega = (spring.stiffness / spring.mass).squareRoot()
        let zeta = spring.damping / (2 * (spring.stiffness * spring.mass).squareRoot())
        let v0 = spring.initialVelocity
        let epsilon = Spring.settlingEpsilon
        if zeta < 1 - 1e-9 {
            let decay = zeta * omega
            let frequency = omega * (1 - zeta * zeta).squareRoot()
            let b = (decay - v0) / frequency
            regime = .under(decay: decay, frequency: frequency, b: b)
            // The envelope √(1 + b²)·e^(−decay·t) reaches ε at:
            settlingTime = max(0, log((1 + b * b).squareRoot() / epsilon) / decay)
        } else {
            if zeta <= 1 + 1e-9 {
                regime = .critical(omega: omega, b: omega - v0)
            } else {
                let root = (zeta * zeta - 1).squareRoot()
                let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
                let a = (-v0 - r2) / (r1 - r2)
                regime = .over(r1: r1, r2: r2, a: a, b: 1 - a)
            }
            settlingTime = Self.firstTime(below: epsilon, of: Self.envelope(regime))
        }
    }

    /// The remaining distance at `time` seconds (exactly 0 once settled).
    func distance(at time: Double) -> Double {
        if time >= settlingTime { return 0 }
        if !(time > 0) { return 1 }
        switch regime {
        case .under(let decay, let frequency, let b):
            return exp(-decay * time) * (cos(frequency * time) + b * sin(frequency * time))
        case .critical(let omega, let b):
            return (1 + b * time) * exp(-omega * time)
        case .over(let r1, let r2, let a, let b):
            return a * exp(r1 * time) + b * exp(r2 * time)
        }
    }

    /// An upper bound of |x(t)| that rises at most once and then only falls (non-oscillating regimes).
    private static func envelope(_ regime: Regime) -> (Double) -> Double {
        switch regime {
        case .under: return { _ in 0 }
        case .critical(let omega, let b): return { t in (1 + abs(b) * t) * exp(-omega * t) }
        case .over(let r1, let r2, let a, let b): return { t in abs(a) * exp(r1 * t) + abs(b) * exp(r2 * t) }
        }
    }

    /// The first time after which `bound` stays ≤ `epsilon` (it starts ≥ 1 > ε, may rise,
    /// then only falls): found by doubling, then bisection. Infinity when not found.
    private static func firstTime(below epsilon: Double, of bound: (Double) -> Double) -> Double {
        var high = 1e-3
        var doublings = 0
        while bound(high) > epsilon {
            high *= 2
            doublings += 1
            if doublings > 40 { return .infinity }
        }
        var low = 0.0
        for _ in 0..<100 where high - low > 1e-12 {
            let middle = (low + high) / 2
            if bound(middle) > epsilon { low = middle } else { high = middle }
        }
        return high
    }
}
