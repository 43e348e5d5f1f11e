"""Status codes become exceptions through one function, with the library's messages."""
from __future__ import annotations

import ctypes

import pytest

import frond
from frond import _capi, _runtime
from frond.errors import (CallbackError, FrondError, InternalError, InvalidArgumentError, InvalidTreeError,
                          LimitError, MisuseError, OutOfMemoryError, error_for_status)
from frond._capi import Status


@pytest.mark.parametrize(("status", "expected", "builtin"), [
    (Status.ERR_INVALID_ARGUMENT, InvalidArgumentError, ValueError),
    (Status.ERR_MISUSE, MisuseError, FrondError),
    (Status.ERR_INVALID_TREE, InvalidTreeError, ValueError),
    (Status.ERR_LIMIT, LimitError, FrondError),
    (Status.ERR_CALLBACK, CallbackError, FrondError),
    (Status.ERR_OUT_OF_MEMORY, OutOfMemoryError, MemoryError),
    (Status.ERR_INTERNAL, InternalError, FrondError),
])
def test_everyStatusMapsToItsException(status: Status, expected: type, builtin: type) -> None:
    error = error_for_status(status, "what happened")
    assert type(error) is expected
    assert isinstance(error, FrondError) and isinstance(error, builtin)
    assert (error.status, error.message) == (status, "what happened")
    assert str(error) == f"what happened (FROND_{status.name})"
    assert error.status_name == f"FROND_{status.name}"


def test_everyErrorStatusOfTheHeaderIsMapped() -> None:
    for status in Status:
        if status != Status.OK:
            assert type(error_for_status(status, "")) is not FrondError, status


def test_anUnknownStatusIsAPlainFrondErrorAndOkIsNoError() -> None:
    error = error_for_status(-99, "odd")
    assert type(error) is FrondError and error.status_name == "FROND_UNKNOWN_STATUS"
    with pytest.raises(ValueError):
        error_for_status(Status.OK, "")


def test_aRefusedValueCarriesTheLibrarysMessage(no_leaks) -> None:
    with pytest.raises(InvalidArgumentError) as caught:
        frond.Node(width=-1)
    assert caught.value.status == Status.ERR_INVALID_ARGUMENT
    assert "negative" in caught.value.message
    with pytest.raises(ValueError):  # an InvalidArgumentError is a ValueError
        frond.Node(padding=float("nan"))


def test_aFreedHandleIsMisuseNotACrash(no_leaks) -> None:
    handle = ctypes.POINTER(_capi.frond_node)()
    _runtime.call("frond_node_new", ctypes.byref(handle), None)
    _runtime.call("frond_node_free", handle)
    with pytest.raises(MisuseError, match="freed|stale|not a live|handle"):
        _runtime.call("frond_node_style_set_width", handle, 10.0, _capi.Unit.POINT)
    with pytest.raises(MisuseError):  # never issued
        _runtime.call("frond_node_mark_dirty", ctypes.cast(ctypes.c_void_p(0x12345), ctypes.POINTER(_capi.frond_node)))


def test_treeShapeErrorsAreInvalidTreeErrors(no_leaks) -> None:
    parent, other, child = frond.Node(), frond.Node(), frond.Node()
    parent.append(child)
    with pytest.raises(InvalidTreeError, match="parent"):
        other.append(child)
    with pytest.raises(InvalidTreeError):
        child.append(parent)  # a cycle
    with pytest.raises(InvalidTreeError):
        other.remove(child)  # not its child
    with pytest.raises(InvalidTreeError):
        parent.measure = lambda *size: (1, 1)  # a node with children has no measure function
    assert parent.measure is None and list(parent) == [child] and child.parent is parent
    for node in (parent, other, child):
        node.close()


def test_componentsNestedBeyondTheTreeDepthAreRefusedAsTheyAreMade(no_leaks) -> None:
    # (A chain hundreds of thousands deep would exhaust the stack as it is released: the
    # library refuses one beyond the depth a tree may have, which no flush could place.)
    chain: frond.Component = frond.Component("leaf", width=1, height=1)
    for _ in range(_capi.FROND_MAX_TREE_DEPTH - 1):
        chain = frond.Flexbox([chain])
    with pytest.raises(LimitError, match="nested more than 256 levels"):
        frond.Flexbox([chain])
    with frond.Root(frond.SizeRange.fixed(10, 10)) as root:
        root.set_component(chain)
        root.flush()


def test_nestedCallbackErrorsKeepTheirMessagesShort(no_leaks) -> None:
    """A handler that taps its own root, deeper and deeper, until Python's recursion limit:
    each level's CallbackError quotes the one inside it, and once the message grew to 1.3
    million characters. The message is bounded; the cause chain keeps every level."""
    from frond import Action, Component, MemoryHost, Root, SizeRange

    with Root(SizeRange.fixed(100, 10), host=MemoryHost()) as root:
        root.set_component(Component("button", {"onTap": Action("t")}, width=100, height=10))
        root.flush()
        root.on_unhandled_action = lambda event: root.tap(5, 5)
        with pytest.raises(Exception) as raised:
            root.tap(5, 5)
        assert len(str(raised.value)) < 10_000
        assert 'button' in root.describe()
