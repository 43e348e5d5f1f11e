import FrondCAPISupport
import CFrond
import Frond
import FrondLayout
import Synchronization

// Legacy components (section Legacy components of frond.h): C code that joins a tree
// through a vtable plus user data. The component holds the user data's owner, so destroy
// runs when the last holder (the handle, a parent, a tree node, a layout node's measure
// function, a flush's undo step) lets the component go.

/// A kind of legacy component: one object per vtable name, for the reconciler to tell
/// kinds apart (see ``Component/kindIdentity``). Kinds are never forgotten: a program
/// that makes names on the fly makes one small object per name.
final class LegacyKind: Sendable {
    let name: String

    private init(name: String) {
        self.name = name
    }

    private static let kinds = Mutex<[String: LegacyKind]>([:])

    static func named(_ name: String) -> LegacyKind {
        kinds.withLock { kinds in
            if let kind = kinds[name] { return kind }
            let kind = LegacyKind(name: name)
            kinds[name] = kind
            return kind
        }
    }
}

/// A legacy component made through the C API: its vtable (copied; the name pointer is
/// never read again) and the owner of its user data.
final class CLegacyComponent: LegacyComponent, @unchecked Sendable {
    private let kind: LegacyKind
    private let vtable: frond_legacy_vtable
    private let owner: CallbackOwner

    init(kind: LegacyKind, vtable: frond_legacy_vtable, owner: CallbackOwner, view: ViewConfiguration,
         size: ComponentSize, key: String?) {
        self.kind = kind
        self.vtable = vtable
        self.owner = owner
        super.init(view: view, size: size, key: key)
    }

    override var kindIdentity: ObjectIdentifier { ObjectIdentifier(kind) }
    override var typeName: String { kind.name }
    override var measuresContent: Bool { vtable.measure != nil }

    override func measure(width: Float, widthMode: MeasureMode, height: Float,
                          heightMode: MeasureMode) throws -> LayoutSize {
        guard let measure = vtable.measure else { return LayoutSize(width: 0, height: 0) }
        var size = frond_size(width: 0, height: 0)
        let call = CallbackCall()
        let status = measure(width, widthMode.cValue, height, heightMode.cValue, &size, owner.userData)
        guard status == FROND_OK else {
            throw FrondError(.callbackFailed, call.failure("\(kind.name): measure", status))
        }
        return LayoutSize(width: size.width, height: size.height)
    }

    override func didMount(view: ViewID) {
        vtable.did_mount?(view.rawValue, owner.userData)
    }

    override func didUnmount(view: ViewID) {
        vtable.did_unmount?(view.rawValue, owner.userData)
    }

    override func handle(_ action: ActionEvent) throws(FrondError) -> Bool {
        guard let handleAction = vtable.handle_action else { return false }
        var handled = false
        let call = CallbackCall()
        let status = try withActionHandle(action) { handle in handleAction(&handled, handle, owner.userData) }
        guard status == FROND_OK else {
            throw FrondError(.callbackFailed, call.failure("\(kind.name): handle_action", status))
        }
        return handled
    }
}

/// The object behind a frond_legacy_view handle: what the view callback set, or why a
/// spec it gave was refused.
final class CLegacyView {
    var configuration: ViewConfiguration = .viewless
    var failure: CallFailure?
}

@_cdecl("frond_legacy_view_set") @implementation
public func frond_legacy_view_set(_ handle: OpaquePointer?, _ spec: UnsafePointer<frond_view_spec>?) -> frond_status {
    call("frond_legacy_view_set") { () throws(CallFailure) in
        // The table only ever stores CLegacyView objects under the legacy view kind.
        let sink = unsafeDowncast(try resolve(handle, .legacyView, "view"), to: CLegacyView.self)
        do throws(CallFailure) {
            sink.configuration = try viewConfiguration(spec)
        } catch {
            sink.failure = error
            throw error
        }
    }
}

@_cdecl("frond_component_new_legacy") @implementation
public func frond_component_new_legacy(_ outComponent: UnsafeMutablePointer<OpaquePointer?>?,
                                       _ vtable: UnsafePointer<frond_legacy_vtable>?,
                                       _ size: UnsafePointer<frond_size_spec>?, _ key: UnsafePointer<CChar>?,
                                       _ userData: UnsafeMutableRawPointer?,
                                       _ destroy: frond_destroy_func?) -> frond_status {
    // The owner is made first: destroy runs exactly once, before the message is recorded
    // when the call fails.
    report("frond_component_new_legacy", makeLegacy(outComponent, vtable, size, key, CallbackOwner(userData, destroy)))
}

private func makeLegacy(_ outComponent: UnsafeMutablePointer<OpaquePointer?>?,
                        _ vtablePointer: UnsafePointer<frond_legacy_vtable>?, _ size: UnsafePointer<frond_size_spec>?,
                        _ key: UnsafePointer<CChar>?, _ owner: consuming CallbackOwner) -> CallFailure? {
    let owner = owner
    return attempt { () throws(CallFailure) in
        let out = try requireOut(outComponent)
        guard let vtable = try structArgument(vtablePointer, "vtable") else { throw .invalidArgument("vtable is NULL") }
        let name = try requiredString(vtable.name, "vtable.name")
        guard !name.isEmpty else { throw .invalidArgument("vtable.name is empty") }
        guard let viewFunction = vtable.view else { throw .invalidArgument("vtable.view is NULL") }
        let componentSize = try componentSize(size)
        let componentKey = try optionalString(key, "key")
        let view = try legacyView(name, viewFunction, owner.userData)
        let component = CLegacyComponent(kind: LegacyKind.named(name), vtable: vtable, owner: owner, view: view,
                                         size: componentSize, key: componentKey)
        try issueComponent(component, out)
    }
}

/// Calls a vtable's view callback with a view handle valid during the call.
private func legacyView(_ name: String,
                        _ function: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> frond_status,
                        _ userData: UnsafeMutableRawPointer?) throws(CallFailure) -> ViewConfiguration {
    let sink = CLegacyView()
    let handle = try issueHandle(sink, .legacyView)
    let call = CallbackCall()
    let status = function(handle, userData)
    // (Already gone if the callback released it some other way: the generation then no longer matches.)
    if let handle { _ = try? handles.remove(handle.handleValue, kind: .legacyView) }
    if let failure = sink.failure {
        throw CallFailure(failure.status, "\(name): view: \(failure.message)")
    }
    guard status == FROND_OK else {
        throw CallFailure(FROND_ERR_CALLBACK, call.failure("\(name): view", status))
    }
    return sink.configuration
}
