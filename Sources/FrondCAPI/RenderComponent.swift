import FrondCAPISupport
import CFrond
import Frond

/// A render class created through the C API: its callbacks, name and user_data.
final class CRenderClass {
    let name: String
    let initialState: (@convention(c) (UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafeMutableRawPointer?,
                                       UnsafeMutableRawPointer?) -> frond_status)?
    let render: @convention(c) (UnsafeMutablePointer<OpaquePointer?>?, OpaquePointer?, UnsafeMutableRawPointer?,
                                UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> frond_status
    let shouldUpdate: (@convention(c) (UnsafeMutablePointer<Bool>?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
                                       UnsafeMutableRawPointer?) -> frond_status)?
    let destroyState: frond_destroy_func?
    let handleAction: (@convention(c) (UnsafeMutablePointer<Bool>?, OpaquePointer?, OpaquePointer?,
                                       UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
                                       UnsafeMutableRawPointer?) -> frond_status)?
    /// The controller table of a stateful class (copied).
    let controller: frond_controller_vtable?
    /// The timing of frame changes of the class's views (nil: frames jump).
    let frameAnimation: AnimationTiming?
    let animations: (@convention(c) (UnsafeMutablePointer<frond_animation>?, UnsafeMutablePointer<Int>?,
                                     frond_animation_moment, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
                                     UnsafeMutableRawPointer?) -> frond_status)?
    let owner: CallbackOwner

    init(name: String, spec: frond_render_class_spec, controller: frond_controller_vtable?,
         frameAnimation: AnimationTiming?,
         render: @escaping @convention(c) (UnsafeMutablePointer<OpaquePointer?>?, OpaquePointer?,
                                           UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
                                           UnsafeMutableRawPointer?) -> frond_status,
         owner: CallbackOwner) {
        self.name = name
        initialState = spec.initial_state
        self.render = render
        shouldUpdate = spec.should_update
        destroyState = spec.destroy_state
        handleAction = spec.handle_action
        self.controller = controller
        self.frameAnimation = frameAnimation
        animations = spec.animations
        self.owner = owner
    }

    func destroy(_ state: UnsafeMutableRawPointer?) {
        if let state { destroyState?(state) }
    }

    func failure(_ function: String, _ status: frond_status, _ call: CallbackCall) -> FrondError {
        FrondError(.callbackFailed, call.failure("\(name): \(function)", status))
    }
}

/// A C state value, owned by its scope: handed to the class's destroy_state when it is
/// replaced or the scope dies. Described as `<opaque>`: the pointer is never read.
final class CState: CustomStringConvertible {
    var pointer: UnsafeMutableRawPointer?
    let renderClass: CRenderClass
    /// The scope's handle, issued at the first render and withdrawn when the scope dies.
    var scopeHandle: OpaquePointer?

    init(_ pointer: UnsafeMutableRawPointer?, renderClass: CRenderClass) {
        self.pointer = pointer
        self.renderClass = renderClass
    }

    /// Takes `newPointer` as the state; the one it replaces is destroyed.
    func replace(with newPointer: UnsafeMutableRawPointer?) {
        let old = pointer
        pointer = newPointer
        if old != newPointer { renderClass.destroy(old) }
    }

    deinit {
        renderClass.destroy(pointer)
    }

    var description: String { "<opaque>" }
}

/// The object behind a frond_scope handle.
final class CScope {
    let scope: StateScope<CState>
    let renderClass: CRenderClass

    init(_ scope: StateScope<CState>, renderClass: CRenderClass) {
        self.scope = scope
        self.renderClass = renderClass
    }
}

/// A state handed to frond_scope_set_state that has not been applied yet: destroyed if
/// it never is.
final class PendingState: @unchecked Sendable {
    private var pointer: UnsafeMutableRawPointer?
    private let renderClass: CRenderClass

    init(_ pointer: UnsafeMutableRawPointer?, renderClass: CRenderClass) {
        self.pointer = pointer
        self.renderClass = renderClass
    }

    /// Gives the state back to the caller (a refused call): it is not destroyed.
    func disown() { pointer = nil }

    func take() -> UnsafeMutableRawPointer? {
        defer { pointer = nil }
        return pointer
    }

    deinit {
        renderClass.destroy(pointer)
    }
}

/// The calls a C render component makes into its class.
struct CRenderCalls {
    let renderClass: CRenderClass
    let props: CallbackOwner

    func render(scope: OpaquePointer?, state: UnsafeMutableRawPointer?) throws(FrondError) -> Component? {
        var child: OpaquePointer? = nil
        let call = CallbackCall()
        let status = renderClass.render(&child, scope, state, props.userData, renderClass.owner.userData)
        guard status == FROND_OK else {
            // Frond takes over a handle written before the failure too: it is released.
            if let child { _ = try? handles.remove(child.handleValue, kind: .component) }
            throw renderClass.failure("render", status, call)
        }
        guard let child else { return nil }
        // Frond takes over the handle: the component lives on in the tree.
        return try takeOverComponent(child, "\(renderClass.name): render")
    }

    func shouldUpdate(from previous: CRenderCalls) throws(FrondError) -> Bool {
        guard let shouldUpdate = renderClass.shouldUpdate else { return true }
        var answer = true
        let call = CallbackCall()
        let status = shouldUpdate(&answer, previous.props.userData, props.userData, renderClass.owner.userData)
        guard status == FROND_OK else { throw renderClass.failure("should_update", status, call) }
        return answer
    }

    /// Asks the class's `animations` for those of `moment` (none without it).
    func animations(_ moment: frond_animation_moment, previous: CRenderCalls?) throws(FrondError) -> [Animation] {
        guard let ask = renderClass.animations else { return [] }
        let capacity = Int(FROND_MAX_COMPONENT_ANIMATIONS)
        var entries = [frond_animation](repeating: frond_animation(), count: capacity)
        for index in entries.indices { entries[index].struct_size = UInt32(MemoryLayout<frond_animation>.size) }
        var count = 0
        let call = CallbackCall()
        let status = entries.withUnsafeMutableBufferPointer { buffer in
            ask(buffer.baseAddress, &count, moment, previous?.props.userData, props.userData, renderClass.owner.userData)
        }
        // Whatever was written is owned from here on: its destroy runs once, whatever happens.
        let written = min(max(count, 0), capacity)
        var reader = CAnimationReader()
        let read = entries.withUnsafeBufferPointer { buffer in
            reader.read(buffer.baseAddress, written, "\(renderClass.name): animations", laidOutByFrond: true)
        }
        guard status == FROND_OK else { throw renderClass.failure("animations", status, call) }
        guard count >= 0 && count <= capacity else {
            throw FrondError(.callbackFailed, "\(renderClass.name): animations wrote a count of \(count); at most FROND_MAX_COMPONENT_ANIMATIONS (\(capacity))")
        }
        if let failure = reader.failure { throw FrondError(.invalidValue, failure.message) }
        var result: [Animation] = []
        for (index, entry) in read.enumerated() {
            do {
                result.append(try animation(entry, "\(renderClass.name): animations[\(index)]"))
            } catch {
                throw FrondError(.invalidValue, error.message)
            }
        }
        return result
    }

    /// Asks the class's handle_action (false without one).
    func handle(_ action: ActionEvent, scope: OpaquePointer?, state: UnsafeMutableRawPointer?) throws(FrondError) -> Bool {
        guard let handleAction = renderClass.handleAction else { return false }
        var handled = false
        let call = CallbackCall()
        let status = try withActionHandle(action) { handle in
            handleAction(&handled, handle, scope, state, props.userData, renderClass.owner.userData)
        }
        guard status == FROND_OK else { throw renderClass.failure("handle_action", status, call) }
        return handled
    }
}

/// A stateful component of a C render class.
final class CStatefulComponent: RenderComponent<CState>, ComponentAnimationProtocol, @unchecked Sendable {
    let calls: CRenderCalls

    init(calls: CRenderCalls, view: ViewConfiguration, size: ComponentSize, key: String?) {
        self.calls = calls
        super.init(view: view, size: size, key: key)
    }

    override var kindIdentity: ObjectIdentifier { ObjectIdentifier(calls.renderClass) }
    override var typeName: String { calls.renderClass.name }

    override func initialState() throws(FrondError) -> CState? {
        let renderClass = calls.renderClass
        guard let initial = renderClass.initialState else { return nil }
        var state: UnsafeMutableRawPointer? = nil
        let call = CallbackCall()
        let status = initial(&state, calls.props.userData, renderClass.owner.userData)
        guard status == FROND_OK else {
            // A state written before the failure is Frond's too: it goes to destroy_state.
            renderClass.destroy(state)
            throw renderClass.failure("initial_state", status, call)
        }
        return CState(state, renderClass: renderClass)
    }

    override func render(state: CState, scope: StateScope<CState>) throws(FrondError) -> Component? {
        // (A state a list kept for an item it released comes back in the item's new scope:
        // the handle it holds was the old scope's, withdrawn when that scope died.)
        if let handle = state.scopeHandle, (try? cScope(handle))?.scope != scope {
            state.scopeHandle = nil
        }
        if state.scopeHandle == nil {
            do {
                let handle = try issueHandle(CScope(scope, renderClass: calls.renderClass), .scope)
                state.scopeHandle = handle
                // The handle goes when the scope dies (the handle table holds no state).
                scope.onInvalidate {
                    if let handle { _ = try? handles.remove(handle.handleValue, kind: .scope) }
                }
            } catch {
                throw FrondError(.misuse, "\(calls.renderClass.name): \(error.message)")
            }
        }
        return try calls.render(scope: state.scopeHandle, state: state.pointer)
    }

    override func shouldUpdate(from previous: RenderComponent<CState>) throws(FrondError) -> Bool {
        guard let previous = previous as? CStatefulComponent else { return true }
        return try calls.shouldUpdate(from: previous.calls)
    }

    override func handle(_ action: ActionEvent, scope: StateScope<CState>) throws(FrondError) -> Bool {
        let state = scope.currentState
        return try calls.handle(action, scope: state?.scopeHandle, state: state?.pointer)
    }

    func animationsOnInitialMount() throws(FrondError) -> [Animation] {
        try calls.animations(FROND_ANIMATIONS_ON_INITIAL_MOUNT, previous: nil)
    }

    func animations(fromPreviousComponent previous: Component) throws(FrondError) -> [Animation] {
        try calls.animations(FROND_ANIMATIONS_ON_CHANGE, previous: (previous as? CStatefulComponent)?.calls)
    }

    func animationsOnFinalUnmount() throws(FrondError) -> [Animation] {
        try calls.animations(FROND_ANIMATIONS_ON_FINAL_UNMOUNT, previous: nil)
    }

    var frameAnimation: AnimationTiming? { calls.renderClass.frameAnimation }

    override func makeController() -> ComponentController? {
        guard let vtable = calls.renderClass.controller else { return nil }
        return CController(vtable, renderClass: calls.renderClass, props: calls.props)
    }
}

/// The controller of a C render class's scope: its value from `create`, events through
/// `event`, destroyed once with the controller.
final class CController: ComponentController, @unchecked Sendable {
    private let vtable: frond_controller_vtable
    private let renderClass: CRenderClass
    private let value: UnsafeMutableRawPointer?

    init(_ vtable: frond_controller_vtable, renderClass: CRenderClass, props: CallbackOwner) {
        self.vtable = vtable
        self.renderClass = renderClass
        value = vtable.create?(props.userData, renderClass.owner.userData)
    }

    deinit {
        vtable.destroy?(value)
    }

    private func props(of component: Component?) -> UnsafeMutableRawPointer? {
        // (Events come only once a component is committed: `component` is set.)
        (component as? CStatefulComponent)?.calls.props.userData
    }

    private func send(_ event: frond_controller_event, view: ViewID? = nil, component: Component? = nil) {
        vtable.event?(value, event, view?.rawValue ?? 0, props(of: component ?? self.component), renderClass.owner.userData)
    }

    override func didInit() { send(FROND_CONTROLLER_DID_INIT) }
    override func willMount() { send(FROND_CONTROLLER_WILL_MOUNT) }
    override func didMount() { send(FROND_CONTROLLER_DID_MOUNT) }
    override func willRemount() { send(FROND_CONTROLLER_WILL_REMOUNT) }
    override func didRemount() { send(FROND_CONTROLLER_DID_REMOUNT) }
    override func willUnmount() { send(FROND_CONTROLLER_WILL_UNMOUNT) }
    override func didUnmount() { send(FROND_CONTROLLER_DID_UNMOUNT) }
    override func willUpdateComponent(to component: Component) {
        send(FROND_CONTROLLER_WILL_UPDATE_COMPONENT, component: component)
    }
    override func didUpdateComponent() { send(FROND_CONTROLLER_DID_UPDATE_COMPONENT) }
    override func didAcquireView(_ view: ViewID) { send(FROND_CONTROLLER_DID_ACQUIRE_VIEW, view: view) }
    override func willRelinquishView(_ view: ViewID) { send(FROND_CONTROLLER_WILL_RELINQUISH_VIEW, view: view) }
    override func invalidate() { send(FROND_CONTROLLER_INVALIDATE) }

    override func handle(_ action: ActionEvent) throws(FrondError) -> Bool {
        guard let handleAction = vtable.handle_action else { return false }
        var handled = false
        let call = CallbackCall()
        let status = try withActionHandle(action) { handle in
            handleAction(&handled, value, handle, renderClass.owner.userData)
        }
        guard status == FROND_OK else { throw renderClass.failure("controller.handle_action", status, call) }
        return handled
    }
}

/// A stateless component of a C render class.
final class CStatelessComponent: StatelessComponent, ComponentAnimationProtocol, @unchecked Sendable {
    let calls: CRenderCalls

    init(calls: CRenderCalls, view: ViewConfiguration, size: ComponentSize, key: String?) {
        self.calls = calls
        super.init(view: view, size: size, key: key)
    }

    override var kindIdentity: ObjectIdentifier { ObjectIdentifier(calls.renderClass) }
    override var typeName: String { calls.renderClass.name }

    override func render() throws(FrondError) -> Component? {
        try calls.render(scope: nil, state: nil)
    }

    override func shouldUpdate(from previous: StatelessComponent) throws(FrondError) -> Bool {
        guard let previous = previous as? CStatelessComponent else { return true }
        return try calls.shouldUpdate(from: previous.calls)
    }

    override func handle(_ action: ActionEvent) throws(FrondError) -> Bool {
        try calls.handle(action, scope: nil, state: nil)
    }

    func animationsOnInitialMount() throws(FrondError) -> [Animation] {
        try calls.animations(FROND_ANIMATIONS_ON_INITIAL_MOUNT, previous: nil)
    }

    func animations(fromPreviousComponent previous: Component) throws(FrondError) -> [Animation] {
        try calls.animations(FROND_ANIMATIONS_ON_CHANGE, previous: (previous as? CStatelessComponent)?.calls)
    }

    func animationsOnFinalUnmount() throws(FrondError) -> [Animation] {
        try calls.animations(FROND_ANIMATIONS_ON_FINAL_UNMOUNT, previous: nil)
    }

    var frameAnimation: AnimationTiming? { calls.renderClass.frameAnimation }
}

/// The render class behind a render class handle.
private func renderClass(_ handle: OpaquePointer?) throws(CallFailure) -> CRenderClass {
    // The table only ever stores CRenderClass objects under the render class kind.
    unsafeDowncast(try resolve(handle, .renderClass, "render_class"), to: CRenderClass.self)
}

/// The scope behind a scope handle.
func cScope(_ handle: OpaquePointer?) throws(CallFailure) -> CScope {
    unsafeDowncast(try resolve(handle, .scope, "scope"), to: CScope.self)
}

/// The sizes of the earlier versions of `frond_render_class_spec`: each version added the
/// member whose offset ends the one before (handle_action, controller, animations,
/// frame_animation).
let renderClassSpecEarlierSizes = [
    MemoryLayout<frond_render_class_spec>.offset(of: \.handle_action),
    MemoryLayout<frond_render_class_spec>.offset(of: \.controller),
    MemoryLayout<frond_render_class_spec>.offset(of: \.animations),
    MemoryLayout<frond_render_class_spec>.offset(of: \.frame_animation),
].compactMap { $0 }

@_cdecl("frond_render_class_new") @implementation
public func frond_render_class_new(_ outClass: UnsafeMutablePointer<OpaquePointer?>?,
                                   _ spec: UnsafePointer<frond_render_class_spec>?,
                                   _ userData: UnsafeMutableRawPointer?, _ destroy: frond_destroy_func?) -> frond_status {
    report("frond_render_class_new", registerRenderClass(outClass, spec, CallbackOwner(userData, destroy)))
}

private func registerRenderClass(_ outClass: UnsafeMutablePointer<OpaquePointer?>?,
                                 _ specPointer: UnsafePointer<frond_render_class_spec>?,
                                 _ owner: consuming CallbackOwner) -> CallFailure? {
    let owner = owner
    return attempt { () throws(CallFailure) in
        let out = try requireOut(outClass)
        guard let spec = try grownStructArgument(specPointer, "spec", earlierSizes: renderClassSpecEarlierSizes) else {
            throw .invalidArgument("spec is NULL")
        }
        let name = try requiredString(spec.name, "spec.name")
        guard !name.isEmpty else { throw .invalidArgument("spec.name is empty") }
        guard let render = spec.render else { throw .invalidArgument("spec.render is NULL") }
        let controller = try structArgument(spec.controller, "spec.controller")
        if let controller {
            guard spec.initial_state != nil else {
                throw .invalidArgument("spec.controller is set for a stateless class (no initial_state): only stateful classes have controllers")
            }
            guard controller.event != nil else { throw .invalidArgument("spec.controller.event is NULL") }
        }
        var frameAnimation: AnimationTiming? = nil
        if let entry = try structArgument(spec.frame_animation, "spec.frame_animation") {
            let timing = AnimationTiming(duration: entry.duration, delay: entry.delay,
                                         curve: try timingCurve(entry, "spec.frame_animation"))
            try frond { () throws(FrondError) in try timing.validate("spec.frame_animation") }
            frameAnimation = timing
        }
        let renderClass = CRenderClass(name: name, spec: spec, controller: controller, frameAnimation: frameAnimation,
                                       render: render, owner: owner)
        out.pointee = try issueHandle(renderClass, .renderClass)
    }
}

@_cdecl("frond_render_class_release") @implementation
public func frond_render_class_release(_ handle: OpaquePointer?) -> frond_status {
    guard let handle else { return FROND_OK }
    return call("frond_render_class_release") { () throws(CallFailure) in
        _ = try releaseHandle(handle, .renderClass, "render_class")
    }
}

@_cdecl("frond_component_new_render") @implementation
public func frond_component_new_render(_ outComponent: UnsafeMutablePointer<OpaquePointer?>?,
                                       _ classHandle: OpaquePointer?, _ view: UnsafePointer<frond_view_spec>?,
                                       _ size: UnsafePointer<frond_size_spec>?, _ key: UnsafePointer<CChar>?,
                                       _ props: UnsafeMutableRawPointer?,
                                       _ destroyProps: frond_destroy_func?) -> frond_status {
    report("frond_component_new_render",
           makeRenderComponent(outComponent, classHandle, view, size, key, CallbackOwner(props, destroyProps)))
}

private func makeRenderComponent(_ outComponent: UnsafeMutablePointer<OpaquePointer?>?, _ classHandle: OpaquePointer?,
                                 _ view: UnsafePointer<frond_view_spec>?, _ size: UnsafePointer<frond_size_spec>?,
                                 _ key: UnsafePointer<CChar>?, _ props: consuming CallbackOwner) -> CallFailure? {
    let props = props
    return attempt { () throws(CallFailure) in
        let out = try requireOut(outComponent)
        let calls = CRenderCalls(renderClass: try renderClass(classHandle), props: props)
        let configuration = try viewConfiguration(view)
        let componentSize = try componentSize(size)
        let keyText = try optionalString(key, "key")
        let component: Component = calls.renderClass.initialState == nil
            ? CStatelessComponent(calls: calls, view: configuration, size: componentSize, key: keyText)
            : CStatefulComponent(calls: calls, view: configuration, size: componentSize, key: keyText)
        try frond { () throws(FrondError) in try component.validate() }
        out.pointee = try issueHandle(component, .component)
    }
}

/// A C state update's function and user_data, kept until the update ran or was dropped.
private final class CStateUpdate: @unchecked Sendable {
    let function: frond_state_update_func
    let owner: CallbackOwner

    init(_ function: @escaping frond_state_update_func, owner: CallbackOwner) {
        self.function = function
        self.owner = owner
    }
}

@_cdecl("frond_scope_update_state") @implementation
public func frond_scope_update_state(_ handle: OpaquePointer?, _ update: frond_state_update_func?,
                                     _ userData: UnsafeMutableRawPointer?, _ destroy: frond_destroy_func?) -> frond_status {
    report("frond_scope_update_state", queueUpdate(handle, update, CallbackOwner(userData, destroy)))
}

private func queueUpdate(_ handle: OpaquePointer?, _ update: frond_state_update_func?,
                         _ owner: consuming CallbackOwner) -> CallFailure? {
    let owner = owner
    return attempt { () throws(CallFailure) in
        let scope = try cScope(handle)
        guard let update else { throw .invalidArgument("update is NULL") }
        let pending = CStateUpdate(update, owner: owner)
        try frond { () throws(FrondError) in
            try scope.scope.updateIfAccepted { state in
                var pointer = state.pointer
                guard pending.function(&pointer, pending.owner.userData) == FROND_OK else { return false }
                state.replace(with: pointer)
                return true
            }
        }
    }
}

@_cdecl("frond_scope_set_state") @implementation
public func frond_scope_set_state(_ handle: OpaquePointer?, _ state: UnsafeMutableRawPointer?) -> frond_status {
    call("frond_scope_set_state") { () throws(CallFailure) in
        let scope = try cScope(handle)
        let pending = PendingState(state, renderClass: scope.renderClass)
        do throws(FrondError) {
            try scope.scope.update { cell in cell.replace(with: pending.take()) }
        } catch {
            pending.disown()
            throw CallFailure(FROND_ERR_MISUSE, "scope: \(error.message)")
        }
    }
}

@_cdecl("frond_scope_get_state") @implementation
public func frond_scope_get_state(_ outState: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
                                  _ handle: OpaquePointer?) -> frond_status {
    call("frond_scope_get_state") { () throws(CallFailure) in
        let out = try requireOut(outState)
        guard let state = try cScope(handle).scope.currentState else {
            throw .misuse("scope: the component has left the tree")
        }
        out.pointee = state.pointer
    }
}
