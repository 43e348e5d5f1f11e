import Foundation
import Frond
import FrondTestSupport
import Testing

/// Golden values of the timing curves, sampled through a root and a recording host: a
/// fade-in (opacity 0 → 1 over one second, starting at the first commit, time 0) is
/// ticked at 0.25, 0.5 and 1.0, and the opacity the host was sent is compared with
/// values computed here independently of the engine.
///
/// Tolerances: linear values are exact (a product and a sum of doubles: 1e-12). Bézier
/// values: the engine solves x(t) = p numerically (Newton, then bisection) to 1e-12 in x,
/// and the test solves the same cubic in closed form (Cardano / trigonometric roots), so
/// the two agree to well below 1e-9, the tolerance used. Springs: the same closed form
/// evaluated with the same double functions: 1e-9.
@Suite struct AnimationTimingTests {
    /// Opacities the host shows at 0, 0.25, 0.5 and 1.0 for a fade-in with `curve`.
    private func fadeIn(_ curve: TimingCurve) throws -> [Double] {
        let fade = Animation.alphaFrom(0, timing: AnimationTiming(duration: 1, curve: curve))
        let (root, host) = try animatedRoot(AnimatedBox("a", initial: [fade]))
        var samples: [Double] = [try #require(host.number("opacity", of: "a"))]
        let clock = ManualClock(root: root)
        for time in [0.25, 0.5, 1.0] {
            try clock.set(to: time)
            samples.append(try #require(host.number("opacity", of: "a")))
        }
        #expect(host.problems == [])
        #expect(!root.hasRunningAnimations)
        return samples
    }

    /// The real roots of a·t³ + b·t² + c·t + d (a ≠ 0), in closed form.
    private func cubicRoots(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> [Double] {
        let p = (3 * a * c - b * b) / (3 * a * a)
        let q = (2 * b * b * b - 9 * a * b * c + 27 * a * a * d) / (27 * a * a * a)
        let shift = -b / (3 * a)
        let discriminant = q * q / 4 + p * p * p / 27
        if discriminant > 0 {
            let s = discriminant.squareRoot()
            return [cbrt(-q / 2 + s) + cbrt(-q / 2 - s) + shift]
        }
        if p == 0 { return [cbrt(-q) + shift] }
        let r = (-p / 3).squareRoot()
        let phi = acos(min(max(3 * q / (2 * p) * (-3 / p).squareRoot(), -1), 1))
        return (0..<3).map { k in 2 * r * cos((phi - 2 * Double.pi * Double(k)) / 3) + shift }
    }

    /// CSS cubic-bezier(x1, y1, x2, y2) at time fraction `p`, solved in closed form.
    private func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at p: Double) -> Double {
        if p <= 0 { return 0 }
        if p >= 1 { return 1 }
        // x(t) = 3(1−t)²t·x1 + 3(1−t)t²·x2 + t³ in powers of t.
        let a = 1 + 3 * x1 - 3 * x2, b = 3 * x2 - 6 * x1, c = 3 * x1
        let t = cubicRoots(a, b, c, -p).filter { $0 >= -1e-9 && $0 <= 1 + 1e-9 }.first ?? .nan
        return 3 * (1 - t) * (1 - t) * t * y1 + 3 * (1 - t) * t * t * y2 + t * t * t
    }

    private func expectClose(_ actual: [Double], _ expected: [Double], tolerance: Double,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(actual.count == expected.count, sourceLocation: sourceLocation)
        for (a, e) in zip(actual, expected) {
            #expect(abs(a - e) < tolerance, "\(actual) vs \(expected)", sourceLocation: sourceLocation)
        }
    }

    @Test func test_linearFadeInIsExact() throws {
        expectClose(try fadeIn(.linear), [0, 0.25, 0.5, 1], tolerance: 1e-12)
    }

    @Test func test_easeInMatchesCSSCubicBezier() throws {
        let expected = [0.0, 0.25, 0.5, 1.0].map { bezier(0.42, 0, 1, 1, at: $0) }
        // Independent check of the reference itself (bisection to 2⁻²⁰⁰ in Python).
        #expect(abs(expected[1] - 0.09346465071882484) < 1e-12)
        #expect(abs(expected[2] - 0.31535681257253945) < 1e-12)
        expectClose(try fadeIn(.easeIn), expected, tolerance: 1e-9)
    }

    @Test func test_easeOutMatchesCSSCubicBezier() throws {
        let expected = [0.0, 0.25, 0.5, 1.0].map { bezier(0, 0, 0.58, 1, at: $0) }
        #expect(abs(expected[1] - 0.37813813082510966) < 1e-12)
        // ease-out is ease-in turned by half a turn: f(p) = 1 − easeIn(1 − p).
        #expect(abs(expected[2] - (1 - 0.31535681257253945)) < 1e-12)
        expectClose(try fadeIn(.easeOut), expected, tolerance: 1e-9)
    }

    @Test func test_easeInOutMatchesCSSCubicBezier() throws {
        let expected = [0.0, 0.25, 0.5, 1.0].map { bezier(0.42, 0, 0.58, 1, at: $0) }
        #expect(abs(expected[1] - 0.1291619310473198) < 1e-12)
        #expect(abs(expected[2] - 0.5) < 1e-12)   // symmetric about (0.5, 0.5)
        expectClose(try fadeIn(.easeInOut), expected, tolerance: 1e-9)
    }

    @Test func test_customBezierMayOvershootAndIsExactAtTheEnds() throws {
        // A "back" curve whose progress goes above 1: opacity is clamped to 1 for the host.
        let curve = TimingCurve.cubicBezier(x1: 0.3, y1: 0, x2: 0.2, y2: 1.6)
        let expected = [0.0, 0.25, 0.5, 1.0].map { min(bezier(0.3, 0, 0.2, 1.6, at: $0), 1) }
        #expect(bezier(0.3, 0, 0.2, 1.6, at: 0.5) > 1)
        expectClose(try fadeIn(curve), expected, tolerance: 1e-9)
    }

    /// The distance still to go of a spring released from 1 (the closed form, written
    /// here again for the test).
    private func springDistance(damping c: Double, stiffness k: Double, mass m: Double, velocity v0: Double,
                                at t: Double) -> Double {
        let w0 = (k / m).squareRoot(), zeta = c / (2 * (k * m).squareRoot())
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            return exp(-zeta * w0 * t) * (cos(wd * t) + (zeta * w0 - v0) / wd * sin(wd * t))
        }
        if zeta == 1 { return (1 + (w0 - v0) * t) * exp(-w0 * t) }
        let s = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 * (zeta - s), r2 = -w0 * (zeta + s)
        let a = (-v0 - r2) / (r1 - r2)
        return a * exp(r1 * t) + (1 - a) * exp(r2 * t)
    }

    @Test(arguments: [(10.0, 0.0), (20.0, 0.0), (40.0, 0.0), (10.0, 5.0)])
    func test_springFollowsTheDampedOscillatorAndSettles(damping: Double, velocity: Double) throws {
        let spring = Spring(damping: damping, stiffness: 100, mass: 1, initialVelocity: velocity)
        let settling = try spring.settlingTime()
        // Scale from 0 to 100 (resting): values far from the 0…1 clamp of opacity.
        let animation = Animation(.scale, from: .value(.number(0)), to: .current,
                                  timing: AnimationTiming(curve: .spring(spring)))
        let (root, host) = try animatedRoot(AnimatedBox("a", extra: ["scale": .number(100)], initial: [animation]))
        let clock = ManualClock(root: root)
        var overshoot = false
        for step in 1...20 {
            let time = settling * Double(step) / 21
            try clock.set(to: time)
            let expected = 100 * (1 - springDistance(damping: damping, stiffness: 100, mass: 1, velocity: velocity, at: time))
            let shown = try #require(host.number("scale", of: "a"))
            #expect(abs(shown - expected) < 1e-9)
            if shown > 100 { overshoot = true }
            #expect(root.hasRunningAnimations)
        }
        // Underdamped (ζ = 0.5) overshoots; critically (ζ = 1) and overdamped (ζ = 2) do not.
        #expect(overshoot == (damping < 20))
        try clock.set(to: settling)
        #expect(!root.hasRunningAnimations)
        #expect(host.number("scale", of: "a") == 100)
        #expect(host.problems == [])
    }

    @Test func test_springSettlingTimeIsWhereTheEnvelopeReachesEpsilon() throws {
        // ζ = 0.5, ω₀ = 10: envelope √(1 + b²)·e^(−5t) with b = 5/ωd.
        let wd = 10 * (0.75).squareRoot()
        let b = 5 / wd
        let expected = log((1 + b * b).squareRoot() / Spring.settlingEpsilon) / 5
        #expect(abs(try Spring(damping: 10, stiffness: 100, mass: 1).settlingTime() - expected) < 1e-12)
    }

    @Test func test_delayShowsTheStartValue() throws {
        let fade = Animation.alphaFrom(0, timing: linear(1, delay: 0.5))
        let (root, host) = try animatedRoot(AnimatedBox("a", initial: [fade]))
        let clock = ManualClock(root: root)
        try clock.set(to: 0.4)
        #expect(host.number("opacity", of: "a") == 0)
        try clock.set(to: 1.0)
        #expect(host.number("opacity", of: "a") == 0.5)
        try clock.set(to: 1.5)
        #expect(host.number("opacity", of: "a") == 1)
        #expect(!root.hasRunningAnimations)
    }
}
