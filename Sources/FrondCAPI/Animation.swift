import FrondCAPISupport
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

/// One frond_animation read from the caller's memory, with the owner of its user_data and,
/// for a group, its parts. Every entry of a call is read, and its owner made, before
/// anything is checked, so that a refused call still destroys each user_data once.
struct CAnimationEntry {
    let entry: frond_animation
    let completion: CAnimationCompletion?
    let parts: [CAnimationEntry]
}

/// Reads frond_animation arrays and their groups' parts, however the call then fares:
/// entries whose struct_size is wrong are skipped (their members cannot be trusted) and
/// the first such size, a group that contains itself or nesting beyond what can be read
/// is kept as the reading's failure. A wrong size in the first entry of a caller's array
/// means the array has another layout (a header of another version): none of its entries
/// is read, as none can be found (in an array Frond laid out itself, the entries are where
/// they are whatever their struct_size says). An entry is one struct: given in several places (in
/// both arrays, as parts of two groups, as an entry and a part) it is read once and has
/// one owner, so its destroy runs once (and a group shared by many paths is not read
/// again for each).
struct CAnimationReader {
    private(set) var failure: CallFailure?
    /// The groups being read, innermost last (a group among them is a cycle).
    private var path: Set<UnsafePointer<frond_animation>> = []
    /// The entries read so far, by address.
    private var known: [UnsafePointer<frond_animation>: CAnimationEntry] = [:]

    /// How deep parts are still read (for their destroys) beyond the nesting a group may
    /// have; deeper than this the reading stops with a failure.
    private static let readableDepth = 256

    mutating func read(_ pointer: UnsafePointer<frond_animation>?, _ count: Int, _ name: String,
                       laidOutByFrond: Bool = false, depth: Int = 0) -> [CAnimationEntry] {
        // (size_t arrives as Int: a count above Int.max reads as negative.)
        guard count >= 0 else {
            fail(.invalidArgument("\(name): the count \(UInt(bitPattern: count)) is more than an array can hold"))
            return []
        }
        guard count > 0 else { return [] }
        guard let pointer else {
            fail(.invalidArgument("\(name) is NULL but its count is \(count)"))
            return []
        }
        guard depth <= Self.readableDepth else {
            fail(.invalidArgument("\(name): groups nest deeper than \(Self.readableDepth)"))
            return []
        }
        let size = MemoryLayout<frond_animation>.size
        var entries: [CAnimationEntry] = []
        for index in 0..<count {
            let address = pointer + index
            if let entry = known[address] {
                entries.append(entry)
                continue
            }
            let declared = Int(UnsafeRawPointer(address).load(as: UInt32.self))
            guard declared == size else {
                fail(.invalidArgument("\(name)[\(index)].struct_size is \(declared); it must be sizeof(frond_animation) (\(size))"))
                // (After a first entry of another size, the next ones are not where this
                // version's size would put them: reading on would leave the caller's array.)
                if index == 0 && !laidOutByFrond { break }
                continue
            }
            let entry = address.pointee
            var parts: [CAnimationEntry] = []
            if entry.property == FROND_ANIMATION_PARALLEL || entry.property == FROND_ANIMATION_SEQUENCE {
                guard !path.contains(address) else {
                    // Met again inside itself: its appearance on the way in is the one read.
                    fail(.invalidArgument("\(name)[\(index)] is a group that contains itself"))
                    continue
                }
                path.insert(address)
                parts = read(entry.parts, entry.part_count, "\(name)[\(index)].parts", depth: depth + 1)
                path.remove(address)
            }
            let hasCallback = entry.completion != nil || entry.destroy != nil
            let owner = hasCallback ? CAnimationCompletion(entry.completion, owner: CallbackOwner(entry.user_data, entry.destroy)) : nil
            let read = CAnimationEntry(entry: entry, completion: owner, parts: parts)
            known[address] = read
            entries.append(read)
        }
        return entries
    }

    private mutating func fail(_ failure: CallFailure) {
        self.failure = self.failure ?? failure
    }
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

/// The animation an entry describes (its parts already read; see ``CAnimationReader``).
func animation(_ read: CAnimationEntry, _ name: String, depth: Int = 0) throws(CallFailure) -> Animation {
    let entry = read.entry
    if entry.property == FROND_ANIMATION_PARALLEL || entry.property == FROND_ANIMATION_SEQUENCE {
        return try group(read, name, depth: depth)
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
    if let completion = read.completion { result.completion = { completion.call($0) } }
    do {
        try result.validate()
    } catch {
        throw .invalidArgument("\(name): \(error.message)")
    }
    return result
}

/// A PARALLEL or SEQUENCE entry: its parts (each owning its own completion and user_data).
private func group(_ read: CAnimationEntry, _ name: String, depth: Int) throws(CallFailure) -> Animation {
    guard depth < maximumGroupDepth else {
        throw .invalidArgument("\(name): groups nest deeper than \(maximumGroupDepth)")
    }
    let entry = read.entry
    var parts: [Animation] = []
    for (index, part) in read.parts.enumerated() {
        parts.append(try animation(part, "\(name).parts[\(index)]", depth: depth + 1))
    }
    let target: Animation.Target = try optionalString(entry.target_key, "\(name).target_key").map { .key($0) } ?? .component
    let done: ((Bool) -> Void)? = read.completion.map { owner in { owner.call($0) } }
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
    var reader = CAnimationReader()
    let initial = reader.read(onInitialMount, initialCount, "on_initial_mount")
    let final = reader.read(onFinalUnmount, finalCount, "on_final_unmount")
    return attempt { () throws(CallFailure) in
        if let failure = reader.failure { throw failure }
        let out = try requireOut(outComponent)
        var onInitial: [Animation] = []
        for (index, entry) in initial.enumerated() {
            onInitial.append(try animation(entry, "on_initial_mount[\(index)]"))
        }
        var onFinal: [Animation] = []
        for (index, entry) in final.enumerated() {
            onFinal.append(try animation(entry, "on_final_unmount[\(index)]"))
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
