import CFrond
import Frond

// The Animations section: animation components made from frond_animation arrays, and the
// clock. The values are checked by Animation.validate; here only what C adds: struct
// sizes, enumerators, strings, and the completion's user_data.

/// A C completion with its user_data, released (destroy) with the last reference: the
/// animation component's animations and the runs in progress hold it.
final class CAnimationCompletion {
    let function: frond_animation_completion_func?
    let owner: CallbackOwner

    init(_ function: frond_animation_completion_func?, owner: CallbackOwner) {
        self.function = function
        self.owner = owner
    }

    func call(_ finished: Bool) {
        function?(finished, owner.userData)
    }
}

/// The entries of a frond_animation array with the owners of their user_data (made first,
/// so that a refused call still destroys each once). An entry 0 of the wrong size means
/// the caller's array has another stride: nothing more is read.
func animationEntries(_ pointer: UnsafePointer<frond_animation>?, _ count: Int, _ name: String,
                              _ owners: inout [CAnimationCompletion?]) -> (entries: [frond_animation], failure: CallFailure?) {
    // (size_t arrives as Int: a count above Int.max reads as negative.)
    guard count >= 0 else {
        return ([], .invalidArgument("\(name): the count \(UInt(bitPattern: count)) is more than an array can hold"))
    }
    guard count > 0 else { return ([], nil) }
    guard let pointer else { return ([], .invalidArgument("\(name) is NULL but its count is \(count)")) }
    let size = MemoryLayout<frond_animation>.size
    var entries: [frond_animation] = []
    var failure: CallFailure? = nil
    for index in 0..<count {
        let declared = Int(UnsafeRawPointer(pointer + index).load(as: UInt32.self))
        guard declared == size else {
            failure = failure ?? .invalidArgument("\(name)[\(index)].struct_size is \(declared); it must be sizeof(frond_animation) (\(size))")
            if index == 0 { break }
            continue
        }
        let entry = pointer[index]
        entries.append(entry)
        let hasCallback = entry.completion != nil || entry.destroy != nil
        owners.append(hasCallback ? CAnimationCompletion(entry.completion, owner: CallbackOwner(entry.user_data, entry.destroy)) : nil)
    }
    return (entries, failure)
}

private func animationValue(_ value: frond_animation_value, _ property: AnimatedProperty) -> AnimationEndpoint {
    if value.current { return .current }
    switch property {
    case .opacity, .translationX, .translationY, .scale: return .value(.number(value.x))
    case .backgroundColor:
        return .value(.color(Color(red: value.color.red, green: value.color.green, blue: value.color.blue,
                                   alpha: value.color.alpha)))
    case .position: return .value(.point(x: value.x, y: value.y))
    case .size: return .value(.size(width: value.x, height: value.y))
    }
}

/// The deepest a group of animations may nest.
private let maximumGroupDepth = 16

func animation(_ entry: frond_animation, _ completion: CAnimationCompletion?,
                       _ name: String, depth: Int = 0) throws(CallFailure) -> Animation {
    if entry.property == FROND_ANIMATION_PARALLEL || entry.property == FROND_ANIMATION_SEQUENCE {
        return try group(entry, completion, name, depth: depth)
    }
    let property: AnimatedProperty
    switch entry.property {
    case FROND_ANIMATION_OPACITY: property = .opacity
    case FROND_ANIMATION_TRANSLATION_X: property = .translationX
    case FROND_ANIMATION_TRANSLATION_Y: property = .translationY
    case FROND_ANIMATION_SCALE: property = .scale
    case FROND_ANIMATION_BACKGROUND_COLOR: property = .backgroundColor
    case FROND_ANIMATION_POSITION: property = .position
    case FROND_ANIMATION_SIZE: property = .size
    default: throw .invalidArgument("\(name).property \(entry.property.rawValue) is not a frond_animation_property")
    }
    let curve = try timingCurve(entry, name)
    let target: Animation.Target = try optionalString(entry.target_key, "\(name).target_key").map { .key($0) } ?? .component
    var result = Animation(property, from: animationValue(entry.from, property), to: animationValue(entry.to, property),
                           timing: AnimationTiming(duration: entry.duration, delay: entry.delay, curve: curve),
                           target: target)
    if let completion { result.completion = { completion.call($0) } }
    do {
        try result.validate()
    } catch {
        throw .invalidArgument("\(name): \(error.message)")
    }
    return result
}

/// A PARALLEL or SEQUENCE entry: its parts (each owning its own completion and user_data).
private func group(_ entry: frond_animation, _ completion: CAnimationCompletion?, _ name: String,
                   depth: Int) throws(CallFailure) -> Animation {
    guard depth < maximumGroupDepth else {
        throw .invalidArgument("\(name): groups nest deeper than \(maximumGroupDepth)")
    }
    var owners: [CAnimationCompletion?] = []
    let read = animationEntries(entry.parts, entry.part_count, "\(name).parts", &owners)
    if let failure = read.failure { throw failure }
    var parts: [Animation] = []
    for (index, part) in read.entries.enumerated() {
        parts.append(try animation(part, owners[index], "\(name).parts[\(index)]", depth: depth + 1))
    }
    let target: Animation.Target = try optionalString(entry.target_key, "\(name).target_key").map { .key($0) } ?? .component
    let done: ((Bool) -> Void)? = completion.map { owner in { owner.call($0) } }
    let result = entry.property == FROND_ANIMATION_PARALLEL
        ? Animation.parallel(parts, target: target, completion: done)
        : Animation.sequence(parts, target: target, completion: done)
    do {
        try result.validate()
    } catch {
        throw .invalidArgument("\(name): \(error.message)")
    }
    return result
}

/// The timing curve of an entry.
func timingCurve(_ entry: frond_animation, _ name: String) throws(CallFailure) -> TimingCurve {
    let curve: TimingCurve
    switch entry.curve {
    case FROND_CURVE_LINEAR: curve = .linear
    case FROND_CURVE_EASE_IN: curve = .easeIn
    case FROND_CURVE_EASE_OUT: curve = .easeOut
    case FROND_CURVE_EASE_IN_OUT: curve = .easeInOut
    case FROND_CURVE_CUBIC_BEZIER:
        curve = .cubicBezier(x1: entry.bezier.0, y1: entry.bezier.1, x2: entry.bezier.2, y2: entry.bezier.3)
    case FROND_CURVE_SPRING:
        curve = .spring(Spring(damping: entry.spring_damping, stiffness: entry.spring_stiffness, mass: entry.spring_mass,
                               initialVelocity: entry.spring_initial_velocity))
    default: throw .invalidArgument("\(name).curve \(entry.curve.rawValue) is not a frond_timing_curve")
    }
    return curve
}

@_cdecl("frond_component_new_animation") @implementation
public func frond_component_new_animation(_ outComponent: UnsafeMutablePointer<OpaquePointer?>?,
                                          _ key: UnsafePointer<CChar>?, _ child: OpaquePointer?,
                                          _ onInitialMount: UnsafePointer<frond_animation>?, _ initialCount: Int,
                                          _ onFinalUnmount: UnsafePointer<frond_animation>?, _ finalCount: Int) -> frond_status {
    // The owners of every entry's user_data are made before anything is checked; on
    // failure they go when `makeAnimationComponent` returns (destroy runs), before the
    // message is recorded.
    report("frond_component_new_animation",
           makeAnimationComponent(outComponent, key, child, onInitialMount, initialCount, onFinalUnmount, finalCount))
}

private func makeAnimationComponent(_ outComponent: UnsafeMutablePointer<OpaquePointer?>?,
                                    _ key: UnsafePointer<CChar>?, _ child: OpaquePointer?,
                                    _ onInitialMount: UnsafePointer<frond_animation>?, _ initialCount: Int,
                                    _ onFinalUnmount: UnsafePointer<frond_animation>?, _ finalCount: Int) -> CallFailure? {
    var initialOwners: [CAnimationCompletion?] = []
    var finalOwners: [CAnimationCompletion?] = []
    let initial = animationEntries(onInitialMount, initialCount, "on_initial_mount", &initialOwners)
    let final = animationEntries(onFinalUnmount, finalCount, "on_final_unmount", &finalOwners)
    return attempt { () throws(CallFailure) in
        if let failure = initial.failure ?? final.failure { throw failure }
        let out = try requireOut(outComponent)
        var onInitial: [Animation] = []
        for (index, entry) in initial.entries.enumerated() {
            onInitial.append(try animation(entry, initialOwners[index], "on_initial_mount[\(index)]"))
        }
        var onFinal: [Animation] = []
        for (index, entry) in final.entries.enumerated() {
            onFinal.append(try animation(entry, finalOwners[index], "on_final_unmount[\(index)]"))
        }
        let made = AnimationComponent(key: try optionalString(key, "key"), child: try component(child, "child"),
                                      onInitialMount: onInitial, onFinalUnmount: onFinal)
        try issueComponent(made, out)
    }
}

@_cdecl("frond_root_tick") @implementation
public func frond_root_tick(_ handle: OpaquePointer?, _ time: Double, _ outMutationCount: UnsafeMutablePointer<Int>?) -> frond_status {
    call("frond_root_tick") { () throws(CallFailure) in
        let root = try cRoot(handle)
        let host = root.host
        host?.resetFailure()
        let count = try frond { () throws(FrondError) in try root.root.tick(time: time) }
        outMutationCount?.pointee = count
        if let failure = host?.failure { throw CallFailure(FROND_ERR_CALLBACK, failure) }
    }
}

@_cdecl("frond_root_has_running_animations") @implementation
public func frond_root_has_running_animations(_ outRunning: UnsafeMutablePointer<Bool>?,
                                              _ handle: OpaquePointer?) -> frond_status {
    call("frond_root_has_running_animations") { () throws(CallFailure) in
        let out = try requireOut(outRunning)
        out.pointee = try cRoot(handle).root.hasRunningAnimations
    }
}

@_cdecl("frond_root_get_animation_time") @implementation
public func frond_root_get_animation_time(_ outTime: UnsafeMutablePointer<Double>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_root_get_animation_time") { () throws(CallFailure) in
        let out = try requireOut(outTime)
        out.pointee = try cRoot(handle).root.animationTime
    }
}
