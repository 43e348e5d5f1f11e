import CFrond
import Frond
import FrondCAPISupport

// Lists that mount what is visible (the Lists section of frond.h): a handle holds a
// ListView whose models are C pointers, its data source's handle, and its C host.

/// What a list handle refers to.
final class CList: @unchecked Sendable {
    let list: ListView<CItemModel>
    /// The list's data source, as a handle that the list owns.
    let dataSource: CDataSource
    var host: CHost?
    var handle: OpaquePointer?
    /// The C listener's owner (its user_data goes with it).
    var listenerOwner: CallbackOwner?
    /// The unhandled action handler's owner (the handler's closure holds only its pointer).
    var unhandledActionOwner: CallbackOwner?

    init(_ list: ListView<CItemModel>) {
        self.list = list
        dataSource = CDataSource(list.dataSource, ownedByList: true)
    }

    deinit {
        // (The data source's handle goes with the list.)
        if let handle = dataSource.handle { _ = try? handles.remove(handle.handleValue, kind: .dataSource) }
        try? list.dataSource.close()
    }
}

private func cList(_ handle: OpaquePointer?) throws(CallFailure) -> CList {
    // The table only ever stores CList objects under the list kind.
    unsafeDowncast(try resolve(handle, .list, "list"), to: CList.self)
}

/// Runs a list call on the host thread: another thread calling the list or its data source
/// at the same time makes it FROND_ERR_MISUSE (and it does nothing).
private func onHostThread<T>(_ list: CList, _ what: String, _ body: () throws(CallFailure) -> T) throws(CallFailure) -> T {
    let outcome = try frond { () throws(FrondError) in
        try list.list.hostCall(what) { () -> Result<T, CallFailure> in
            do throws(CallFailure) { return .success(try body()) } catch { return .failure(error) }
        }
    }
    return try outcome.get()
}

/// Runs a list call that may commit to the host, on the host thread: a host function that
/// failed meanwhile makes it FROND_ERR_CALLBACK.
private func committing<T>(_ list: CList, _ what: String, _ body: () throws(FrondError) -> T) throws(CallFailure) -> T {
    try onHostThread(list, what) { () throws(CallFailure) in
        list.host?.resetFailure()
        let result = try frond(body)
        if let failure = list.host?.failure { throw CallFailure(FROND_ERR_CALLBACK, failure) }
        return result
    }
}

/// The struct sizes of earlier frond_list_config versions (before text_measure).
let listConfigEarlierSizes = [MemoryLayout<frond_list_config>.offset(of: \.text_measure)].compactMap { $0 }

@_cdecl("frond_list_new") @implementation
public func frond_list_new(_ outList: UnsafeMutablePointer<OpaquePointer?>?,
                           _ config: UnsafePointer<frond_list_config>?) -> frond_status {
    // (The configuration's user_data is owned from here on, a refused call destroys it,
    // when its struct_size is one this version knows: otherwise nothing of it is read.)
    let known = hasKnownStructSize(config, earlierSizes: listConfigEarlierSizes)
    let owner = CallbackOwner(known ? config?.pointee.user_data : nil, known ? config?.pointee.destroy : nil)
    return report("frond_list_new", attempt { () throws(CallFailure) in
        let out = try requireOut(outList)
        guard let spec = try grownStructArgument(config, "config", earlierSizes: listConfigEarlierSizes) else {
            throw .invalidArgument("config is NULL")
        }
        guard let function = spec.provider else { throw .invalidArgument("config.provider is NULL") }
        let axis: ListView<CItemModel>.Axis
        switch spec.axis {
        case FROND_LIST_VERTICAL: axis = .vertical
        case FROND_LIST_HORIZONTAL: axis = .horizontal
        default: throw .invalidArgument("config.axis \(spec.axis.rawValue) is not a frond_list_axis")
        }
        guard spec.estimated_item_size.isFinite, spec.estimated_item_size >= 0 else {
            throw .invalidArgument("config.estimated_item_size \(spec.estimated_item_size) is not a finite number ≥ 0")
        }
        let provider = CItemProvider(function, owner: owner)
        let configuration = ListView<CItemModel>.Configuration(
            axis: axis, crossSize: spec.cross_size,
            estimatedItemSize: spec.estimated_item_size > 0 ? spec.estimated_item_size : nil,
            rangeScreens: spec.range_screens) { (model: CItemModel) throws(FrondError) in try provider.make(model) }
        // (The measurer keeps the configuration's owner: its user data lives until `destroy`.)
        let measurer: any TextMeasurer = spec.text_measure.map {
            CTextMeasurer($0, owner: CallbackOwner(spec.text_measure_user_data, nil), keeping: owner)
        } ?? MonospaceTextMeasurer()
        let list = CList(try frond { () throws(FrondError) in
            try ListView(configuration: configuration, textMeasurer: measurer)
        })
        list.handle = try issueHandle(list, .list)
        do throws(CallFailure) {
            list.dataSource.handle = try issueHandle(list.dataSource, .dataSource)
        } catch {
            if let handle = list.handle { _ = try? handles.remove(handle.handleValue, kind: .list) }
            throw error
        }
        out.pointee = list.handle
    })
}

@_cdecl("frond_list_free") @implementation
public func frond_list_free(_ handle: OpaquePointer?) -> frond_status {
    guard let handle else { return FROND_OK }
    return call("frond_list_free") { () throws(CallFailure) in
        let list = try cList(handle)
        // (A host or listener function of the list's own call would free what that call is
        // still using.)
        if list.list.dataSource.isInHostCallOnThisThread {
            throw CallFailure(FROND_ERR_MISUSE, "cannot free a list from inside one of its own calls (from its host "
                              + "or listener functions); free it after the call returns")
        }
        try onHostThread(list, "free the list") { () throws(CallFailure) in
            // (Refused from a callback of the list's data source, like frond_data_source_free.)
            try frond { () throws(FrondError) in try list.list.dataSource.cancelAndWait() }
            list.dataSource.dropExecutor()
            _ = try releaseHandle(handle, .list, "list")
        }
    }
}

@_cdecl("frond_list_get_data_source") @implementation
public func frond_list_get_data_source(_ outSource: UnsafeMutablePointer<OpaquePointer?>?,
                                       _ handle: OpaquePointer?) -> frond_status {
    call("frond_list_get_data_source") { () throws(CallFailure) in
        let out = try requireOut(outSource)
        out.pointee = try cList(handle).dataSource.handle
    }
}

@_cdecl("frond_list_set_host") @implementation
public func frond_list_set_host(_ handle: OpaquePointer?, _ host: UnsafePointer<frond_host>?,
                                _ userData: UnsafeMutableRawPointer?, _ destroy: frond_destroy_func?) -> frond_status {
    let owner = CallbackOwner(userData, destroy)
    return report("frond_list_set_host", attempt { () throws(CallFailure) in
        let list = try cList(handle)
        try onHostThread(list, "set the list's host") { () throws(CallFailure) in
            guard let functions = try structArgument(host, "host") else {
                list.host = nil
                list.list.host = nil
                return
            }
            guard functions.apply != nil || functions.apply_batch != nil else {
                throw .invalidArgument("host: give apply or apply_batch")
            }
            let made = CHost(functions, owner: owner, rootHandle: nil)
            list.host = made
            list.list.host = made
        }
    })
}

@_cdecl("frond_list_set_listener") @implementation
public func frond_list_set_listener(_ handle: OpaquePointer?, _ listener: UnsafePointer<frond_list_listener>?,
                                    _ userData: UnsafeMutableRawPointer?, _ destroy: frond_destroy_func?) -> frond_status {
    let owner = CallbackOwner(userData, destroy)
    return report("frond_list_set_listener", attempt { () throws(CallFailure) in
        let list = try cList(handle)
        try onHostThread(list, "set the list's listener") { () throws(CallFailure) in try setListener(list, listener, owner) }
    })
}

private func setListener(_ list: CList, _ listener: UnsafePointer<frond_list_listener>?,
                         _ owner: CallbackOwner) throws(CallFailure) {
    guard let functions = try structArgument(listener, "listener") else {
        list.list.listener = ListView<CItemModel>.Listener()
        list.listenerOwner = nil
        return
    }
    let listHandle = list.handle
    let data = owner.userData
    var made = ListView<CItemModel>.Listener()
    if let function = functions.did_change_content_length {
        made.didChangeContentLength = { length in function(listHandle, length, data) }
    }
    if let function = functions.did_adjust_offset {
        made.didAdjustOffset = { offset in function(listHandle, offset, data) }
    }
    if let function = functions.did_enter_range {
        made.didEnterRange = { path, model in function(listHandle, frond_item_path(path), model.model, data) }
    }
    if let function = functions.did_leave_range {
        made.didLeaveRange = { path, model in function(listHandle, frond_item_path(path), model.model, data) }
    }
    // (The closures hold the user_data's pointer; its owner lives as long as they are set.)
    list.list.listener = made
    list.listenerOwner = owner
}

@_cdecl("frond_list_set_viewport") @implementation
public func frond_list_set_viewport(_ handle: OpaquePointer?, _ offset: Float, _ length: Float) -> frond_status {
    call("frond_list_set_viewport") { () throws(CallFailure) in
        let list = try cList(handle)
        try committing(list, "set the list's viewport") { () throws(FrondError) in try list.list.setViewport(offset: offset, length: length) }
    }
}

@_cdecl("frond_list_set_cross_size") @implementation
public func frond_list_set_cross_size(_ handle: OpaquePointer?, _ crossSize: Float) -> frond_status {
    call("frond_list_set_cross_size") { () throws(CallFailure) in
        let list = try cList(handle)
        try committing(list, "resize the list") { () throws(FrondError) in try list.list.setCrossSize(crossSize) }
    }
}

@_cdecl("frond_list_scroll_to_item") @implementation
public func frond_list_scroll_to_item(_ handle: OpaquePointer?, _ path: frond_item_path,
                                      _ position: frond_list_scroll_position) -> frond_status {
    call("frond_list_scroll_to_item") { () throws(CallFailure) in
        let list = try cList(handle)
        let place = try itemPath(path, "path")
        let at: ListView<CItemModel>.ScrollPosition
        switch position {
        case FROND_LIST_SCROLL_START: at = .start
        case FROND_LIST_SCROLL_CENTER: at = .center
        case FROND_LIST_SCROLL_END: at = .end
        default: throw .invalidArgument("position \(position.rawValue) is not a frond_list_scroll_position")
        }
        try committing(list, "scroll the list to an item") { () throws(FrondError) in
            try list.list.scroll(toItem: place, at: at)
        }
    }
}

@_cdecl("frond_list_process") @implementation
public func frond_list_process(_ outApplied: UnsafeMutablePointer<Int>?, _ handle: OpaquePointer?,
                               _ waitForAll: Bool) -> frond_status {
    call("frond_list_process") { () throws(CallFailure) in
        let list = try cList(handle)
        let applied = try committing(list, "process the list") { () throws(FrondError) in
            try list.list.processPending(waitForAll: waitForAll)
        }
        outApplied?.pointee = applied
    }
}

@_cdecl("frond_list_get_statistics") @implementation
public func frond_list_get_statistics(_ outStatistics: UnsafeMutablePointer<frond_list_statistics>?,
                                      _ handle: OpaquePointer?) -> frond_status {
    call("frond_list_get_statistics") { () throws(CallFailure) in
        let out = try requireOut(outStatistics)
        try checkStructSize(out.pointee.struct_size, of: frond_list_statistics.self, "out_statistics")
        let handled = try cList(handle)
        out.pointee = try onHostThread(handled, "read the list's statistics") { () throws(CallFailure) in
            let list = handled.list
            let counts = list.mountStatistics
            return frond_list_statistics(
                struct_size: UInt32(MemoryLayout<frond_list_statistics>.size), mounted_items: list.mountedItemCount,
                host_views: list.hostViewCount, parked_items: list.parkedItemCount, created: UInt64(counts.created),
                reused: UInt64(counts.reused), parked: UInt64(counts.parked), destroyed: UInt64(counts.destroyed),
                content_length: list.contentSize, offset: list.viewport.offset)
        }
    }
}

@_cdecl("frond_list_get_axis") @implementation
public func frond_list_get_axis(_ outAxis: UnsafeMutablePointer<frond_list_axis>?, _ outCrossSize: UnsafeMutablePointer<Float>?,
                                _ handle: OpaquePointer?) -> frond_status {
    call("frond_list_get_axis") { () throws(CallFailure) in
        let list = try cList(handle)
        let configuration = try onHostThread(list, "read the list's axis") { () throws(CallFailure) in list.list.configuration }
        outAxis?.pointee = configuration.axis == .horizontal ? FROND_LIST_HORIZONTAL : FROND_LIST_VERTICAL
        outCrossSize?.pointee = configuration.crossSize
    }
}

@_cdecl("frond_list_get_item_frame") @implementation
public func frond_list_get_item_frame(_ outFrame: UnsafeMutablePointer<frond_rect>?, _ handle: OpaquePointer?,
                                      _ path: frond_item_path) -> frond_status {
    call("frond_list_get_item_frame") { () throws(CallFailure) in
        let out = try requireOut(outFrame)
        let list = try cList(handle)
        let place = try itemPath(path, "path")
        let found = try onHostThread(list, "read an item's frame") { () throws(CallFailure) in list.list.frame(of: place) }
        guard let frame = found else { throw .invalidArgument("the list has no item at \(place)") }
        out.pointee = frond_rect(left: frame.left, top: frame.top, width: frame.width, height: frame.height)
    }
}

@_cdecl("frond_list_send_event") @implementation
public func frond_list_send_event(_ outOutcome: UnsafeMutablePointer<frond_action_outcome>?, _ handle: OpaquePointer?,
                                  _ view: UInt64, _ eventAttribute: UnsafePointer<CChar>?,
                                  _ payload: UnsafePointer<frond_attribute>?) -> frond_status {
    call("frond_list_send_event") { () throws(CallFailure) in
        let out = try requireOut(outOutcome)
        let list = try cList(handle)
        let name = try requiredString(eventAttribute, "event_attribute")
        guard !name.isEmpty else { throw .invalidArgument("event_attribute is empty") }
        let event = HostEvent(attributeName: name, payload: try payloadArgument(payload))
        out.pointee = try committing(list, "send an event to the list") { () throws(FrondError) in try list.list.send(event, to: ViewID(view)) }.cValue
    }
}

@_cdecl("frond_list_tap_at") @implementation
public func frond_list_tap_at(_ outOutcome: UnsafeMutablePointer<frond_action_outcome>?,
                              _ outView: UnsafeMutablePointer<UInt64>?, _ handle: OpaquePointer?, _ x: Float,
                              _ y: Float) -> frond_status {
    call("frond_list_tap_at") { () throws(CallFailure) in
        let out = try requireOut(outOutcome)
        let viewOut = try requireOut(outView)
        let list = try cList(handle)
        let result = try committing(list, "tap the list") { () throws(FrondError) in try list.list.tap(atX: x, y: y) }
        out.pointee = result.outcome.cValue
        viewOut.pointee = result.view?.rawValue ?? 0
    }
}

@_cdecl("frond_list_set_unhandled_action_handler") @implementation
public func frond_list_set_unhandled_action_handler(_ handle: OpaquePointer?, _ handler: frond_list_action_handler_func?,
                                                    _ userData: UnsafeMutableRawPointer?,
                                                    _ destroy: frond_destroy_func?) -> frond_status {
    let owner = CallbackOwner(userData, destroy)
    return report("frond_list_set_unhandled_action_handler", attempt { () throws(CallFailure) in
        let list = try cList(handle)
        try onHostThread(list, "set the list's unhandled action handler") { () throws(CallFailure) in
            guard let handler else {
                list.list.unhandledActionHandler = nil
                list.unhandledActionOwner = nil
                return
            }
            let listHandle = list.handle
            let data = owner.userData
            list.list.unhandledActionHandler = { (event: ActionEvent, path: ItemPath) throws(FrondError) in
                let call = CallbackCall()
                let status = try withActionHandle(event) { action in handler(listHandle, frond_item_path(path), action, data) }
                guard status == FROND_OK else {
                    throw FrondError(.callbackFailed, call.failure("the list's unhandled action handler", status))
                }
            }
            list.unhandledActionOwner = owner
        }
    })
}

@_cdecl("frond_list_tick") @implementation
public func frond_list_tick(_ handle: OpaquePointer?, _ time: Double, _ outMutationCount: UnsafeMutablePointer<Int>?) -> frond_status {
    call("frond_list_tick") { () throws(CallFailure) in
        let list = try cList(handle)
        let count = try committing(list, "tick the list's animations") { () throws(FrondError) in
            try list.list.tick(time: time)
        }
        outMutationCount?.pointee = count
    }
}

@_cdecl("frond_list_has_running_animations") @implementation
public func frond_list_has_running_animations(_ outRunning: UnsafeMutablePointer<Bool>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_list_has_running_animations") { () throws(CallFailure) in
        let out = try requireOut(outRunning)
        let list = try cList(handle)
        out.pointee = try onHostThread(list, "ask whether the list animates") { () throws(CallFailure) in
            list.list.hasRunningAnimations
        }
    }
}

@_cdecl("frond_list_get_animation_time") @implementation
public func frond_list_get_animation_time(_ outTime: UnsafeMutablePointer<Double>?, _ handle: OpaquePointer?) -> frond_status {
    call("frond_list_get_animation_time") { () throws(CallFailure) in
        let out = try requireOut(outTime)
        out.pointee = try cList(handle).list.animationTime
    }
}
