"""guti: the exact values of Bagh-Chal and Sixteen Soldiers positions from guti's tables.

A thin layer over libguti (solver/guti.h) through ctypes, with nothing but the Python
standard library::

    import guti
    with guti.open("tables") as tb:
        r = tb.probe("T3T/5/5/5/T3T g 20")   # {"value": "draw", "dtm": None, ...}
        for m in tb.moves("T3T/5/5/5/T3T g 20"):
            print(m["move"], m["value"], m["dtm"])

Results are dicts whose keys and words are those of ``guti query --json``, so that the
two compare one to one:

- ``probe(fen)``: ``fen`` (the position as guti writes it), ``value`` ("win", "draw" or
  "loss" for the side to move, the game played without its counting rule), ``dtm``
  (half-moves to the end; None for a draw or where only WDL tables exist), ``value_now``
  (the value under the counting rule at the position's clock, None when the tables cannot
  tell), ``clock``, ``limit``, ``over``; when ``over`` is True also ``result`` (the
  winner's side, e.g. "tigers", or "draw"), ``reason`` and ``reachable`` (False when the
  winner is to move, which no game reaches); and ``class`` ("win", "cursed_win", "draw",
  "blessed_loss", "loss" at clock 0 under the counting rule) and ``dtc``, None where the
  counting-rule tables (``guti solve --dtc``) are not there.
- ``norepeat(start, moves)``: under rules ``no-repeat`` (or ``no-repeat:N``), where a
  value depends on the game's history and no table holds it, the value searched for the
  position after ``moves`` from ``start``: the keys of ``guti query --rules no-repeat
  --json`` (``fen``, ``rules``, ``moves_played``, ``value``: "win", "loss", "draw" only
  under a window, "unknown" past the node budget; ``best``, ``nodes``, ``budget``,
  ``bounded``, ``over``, and ``result``, ``reason`` when over). :func:`norepeat` does the
  same without tables (a slower search, never a different value).
- ``moves(fen)``: every legal move, best first (the fastest wins, the draws, the slowest
  losses), each a dict with ``move`` (its text in notation), ``value``, ``dtm``,
  ``value_now``, ``class`` and ``dtc`` for the player who makes it, and ``after``, the FEN
  of the position it leads to (not in ``guti query --json``). A finished game has none.

Errors raise :class:`Error`, whose text is libguti's one-line message and whose
``status`` is its negative status code (:data:`EINPUT`, :data:`ENOTABLE`, ...).

Finding libguti. The first of these that exists is loaded:

1. ``$GUTI_LIBRARY``, the path of the shared library (nothing else is tried when it is set);
2. ``libguti.so.0`` in the ``lib`` directory of the prefix the module is installed in
   (``make install`` puts the module in ``PREFIX/lib/python3/dist-packages/guti`` and the
   library in ``PREFIX/lib``);
3. ``build/libguti.so.0`` of the guti checkout this file is in (``python/guti``), once
   ``make`` has built it;
4. whatever ``ctypes.util.find_library("guti")`` finds (the linker's search path).

Threads. A :class:`Tables` handle may be used from any number of threads at once (the
library locks what it shares, and ctypes releases the GIL during a call); only ``close``
must not run while another thread probes.
"""

import ctypes
import ctypes.util
import os

__all__ = ["open", "Tables", "Error", "play", "norepeat", "library_path",
           "OK", "EINPUT", "ENOTABLE", "EDAMAGED", "ENOMEM", "EIO", "ERANGE"]

# enum guti_status
OK = 0
EINPUT = -1    # a malformed or illegal position, move or name
ENOTABLE = -2  # the table this position needs is not in the directory
EDAMAGED = -3  # a table is damaged (checksum, truncation, wrong header)
ENOMEM = -4    # out of memory
EIO = -5       # the directory or a file could not be read
ERANGE = -6    # an output array is too small

_UNKNOWN = 2         # GUTI_UNKNOWN, a value not known
_CLASS_UNKNOWN = -1  # GUTI_CLASS_UNKNOWN
_SONAME = "libguti.so.0"


class Error(Exception):
    """A failure of libguti: str(error) is its one-line message, error.status its status
    code (a negative number, one of EINPUT, ENOTABLE, EDAMAGED, ENOMEM, EIO, ERANGE)."""

    def __init__(self, message, status=None):
        super().__init__(message)
        self.message = message
        self.status = status


# ---- guti.h's structures, field for field ------------------------------------------------

class _Variant(ctypes.Structure):
    _fields_ = [("game", ctypes.c_int),
                ("rules", ctypes.c_char * 24),
                ("board", ctypes.c_char * 16)]


class _Position(ctypes.Structure):
    _fields_ = [("variant", _Variant),
                ("pieces", ctypes.c_uint64 * 2),
                ("side", ctypes.c_int),
                ("inhand", ctypes.c_int),
                ("clock", ctypes.c_int)]


class _ErrorBuf(ctypes.Structure):
    _fields_ = [("message", ctypes.c_char * 512)]


_MOVE_MAX = 80
_FEN_MAX = 128


class _Move(ctypes.Structure):
    _fields_ = [("text", ctypes.c_char * _MOVE_MAX),
                ("after", _Position)]


class _Result(ctypes.Structure):
    _fields_ = [("variant", _Variant),
                ("value", ctypes.c_int),
                ("dtm", ctypes.c_int),
                ("value_now", ctypes.c_int),
                ("clock", ctypes.c_int),
                ("limit", ctypes.c_int),
                ("over", ctypes.c_bool),
                ("winner", ctypes.c_int),
                ("reachable", ctypes.c_bool),
                ("reason", ctypes.c_char * 64),
                ("dtc_class", ctypes.c_int),
                ("dtc", ctypes.c_int),
                ("reserved", ctypes.c_int * 6)]


class _ScoredMove(ctypes.Structure):
    _fields_ = [("move", _Move),
                ("result", _Result)]


class _NorepeatResult(ctypes.Structure):
    _fields_ = [("position", _Position),
                ("value", ctypes.c_int),
                ("nodes", ctypes.c_uint64),
                ("budget", ctypes.c_uint64),
                ("has_best", ctypes.c_bool),
                ("best", ctypes.c_char * _MOVE_MAX),
                ("over", ctypes.c_bool),
                ("winner", ctypes.c_int),
                ("reason", ctypes.c_char * 64),
                ("bounded", ctypes.c_bool)]


# ---- loading the library -----------------------------------------------------------------

def _candidates():
    """The paths to try after $GUTI_LIBRARY, in order: the installed prefix's library,
    then the checkout's."""
    here = os.path.dirname(os.path.abspath(__file__))
    # PREFIX/lib/python3/dist-packages/guti -> PREFIX/lib
    prefix_lib = os.path.normpath(os.path.join(here, "..", "..", ".."))
    yield os.path.join(prefix_lib, _SONAME)
    # CHECKOUT/python/guti -> CHECKOUT/build
    yield os.path.normpath(os.path.join(here, "..", "..", "build", _SONAME))


def library_path():
    """The libguti shared library the module loads (or would load): $GUTI_LIBRARY when set,
    else the first candidate that exists (see the module's documentation), else the name
    ctypes.util.find_library("guti") returns. Raises Error (status EIO) saying what to do
    when none is found."""
    explicit = os.environ.get("GUTI_LIBRARY")
    if explicit:
        if not os.path.exists(explicit):
            raise Error("GUTI_LIBRARY is %s, which does not exist; set it to the path of "
                        "libguti.so.0 (make builds build/libguti.so.0)" % explicit, EIO)
        return explicit
    tried = []
    for path in _candidates():
        if os.path.exists(path):
            return path
        tried.append(path)
    found = ctypes.util.find_library("guti")
    if found:
        return found
    raise Error("libguti not found (tried %s and the linker's search path); set "
                "GUTI_LIBRARY to the path of libguti.so.0, or run make install "
                "PREFIX=... and import guti from PREFIX/lib/python3/dist-packages"
                % ", ".join(tried), EIO)


_lib = None


def _library():
    """The loaded library with its functions' signatures declared (loaded on first use, so
    that a missing library is an Error at guti.open, not at import)."""
    global _lib
    if _lib is not None:
        return _lib
    path = library_path()
    try:
        lib = ctypes.CDLL(path)
    except OSError as e:
        raise Error("cannot load %s: %s; set GUTI_LIBRARY to the path of libguti.so.0"
                    % (path, e), EIO) from None
    err = ctypes.POINTER(_ErrorBuf)
    handle = ctypes.c_void_p
    sigs = {
        "guti_open": (ctypes.c_int, [ctypes.c_char_p, ctypes.c_size_t,
                                     ctypes.POINTER(handle), err]),
        "guti_close": (None, [handle]),
        "guti_probe_fen": (ctypes.c_int, [handle, ctypes.c_char_p, ctypes.c_char_p,
                                          ctypes.POINTER(_Position),
                                          ctypes.POINTER(_Result), err]),
        "guti_probe_moves": (ctypes.c_int, [handle, ctypes.POINTER(_Position),
                                            ctypes.POINTER(_ScoredMove), ctypes.c_int,
                                            ctypes.POINTER(ctypes.c_int), err]),
        "guti_parse_fen": (ctypes.c_int, [ctypes.c_char_p, ctypes.POINTER(_Variant),
                                          ctypes.POINTER(_Position), err]),
        "guti_play": (ctypes.c_int, [ctypes.POINTER(_Position), ctypes.c_char_p,
                                     ctypes.POINTER(_Position), err]),
        "guti_format_fen": (ctypes.c_int, [ctypes.POINTER(_Position), ctypes.c_char_p,
                                           ctypes.c_size_t, err]),
        "guti_norepeat_value": (ctypes.c_int, [handle, ctypes.POINTER(_Position),
                                               ctypes.POINTER(ctypes.c_char_p), ctypes.c_int,
                                               ctypes.c_uint64,
                                               ctypes.POINTER(_NorepeatResult), err]),
        "guti_value_name": (ctypes.c_char_p, [ctypes.c_int]),
        "guti_class_name": (ctypes.c_char_p, [ctypes.c_int]),
        "guti_side_name": (ctypes.c_char_p, [ctypes.c_int, ctypes.c_int]),
    }
    for name, (restype, argtypes) in sigs.items():
        f = getattr(lib, name)
        f.restype = restype
        f.argtypes = argtypes
    _lib = lib
    return lib


def _check(rc, e):
    """Raises Error with the library's message when rc is not GUTI_OK."""
    if rc != OK:
        raise Error(e.message.decode("utf-8", "replace"), rc)


def _text(b):
    """A C string from the library as a str."""
    return b.decode("utf-8", "replace")


def _bytes(text, what):
    """text as the NUL-terminated UTF-8 a C string is; a NUL inside it would cut it short
    unseen, so it raises Error (EINPUT) naming what the text is."""
    b = text.encode("utf-8")
    if b"\0" in b:
        raise Error("%s: contains a NUL character" % what, EINPUT)
    return b


def _format_fen(lib, pos):
    """The FEN of a guti_position."""
    buf = ctypes.create_string_buffer(_FEN_MAX)
    e = _ErrorBuf()
    _check(lib.guti_format_fen(ctypes.byref(pos), buf, _FEN_MAX, ctypes.byref(e)), e)
    return _text(buf.value)


def play(fen, move, rules=None):
    """The FEN of the position after playing move (its text in notation, written any way
    the notation allows: a chain by any of its paths, points in either case) in the
    position fen, under rules (None for the game's default rules: "standard" for
    Bagh-Chal, "optional" for Sixteen Soldiers). Needs no tables (guti_play).

    Returns the FEN as guti writes it. Raises Error (EINPUT) for a malformed FEN or rules,
    an illegal move, or a finished game; Error (EIO) when libguti cannot be found."""
    lib = _library()
    hint = _Variant()
    if rules:
        if len(_bytes(rules, "rules")) >= _Variant.rules.size:
            raise Error("rules '%s': no game's rules" % rules, EINPUT)
        hint.rules = _bytes(rules, "rules")
    pos, after, e = _Position(), _Position(), _ErrorBuf()
    _check(lib.guti_parse_fen(_bytes(fen, "position"), ctypes.byref(hint), ctypes.byref(pos),
                              ctypes.byref(e)), e)
    _check(lib.guti_play(ctypes.byref(pos), _bytes(move, "move"), ctypes.byref(after),
                         ctypes.byref(e)), e)
    return _format_fen(lib, after)


def _norepeat(lib, handle, start, moves, rules, budget):
    """guti_norepeat_value through handle (None: no tables), as guti query --json words it."""
    if not isinstance(budget, int) or budget < 0 or budget >= 1 << 64:
        raise Error("budget %r: expected a whole number of nodes, 0 for the default" % (budget,),
                    EINPUT)
    hint = _Variant()
    if len(_bytes(rules, "rules")) >= _Variant.rules.size:
        raise Error("rules '%s': no game's rules" % rules, EINPUT)
    hint.rules = _bytes(rules, "rules")
    pos, r, e = _Position(), _NorepeatResult(), _ErrorBuf()
    _check(lib.guti_parse_fen(_bytes(start, "position"), ctypes.byref(hint), ctypes.byref(pos),
                              ctypes.byref(e)), e)
    moves = list(moves)
    texts = (ctypes.c_char_p * max(1, len(moves)))(
        *[_bytes(m, "move %d" % (i + 1)) for i, m in enumerate(moves)])
    _check(lib.guti_norepeat_value(handle, ctypes.byref(pos), texts, len(moves), budget,
                                   ctypes.byref(r), ctypes.byref(e)), e)
    d = {"fen": _format_fen(lib, r.position), "rules": _text(r.position.variant.rules),
         "moves_played": len(moves), "value": _text(lib.guti_value_name(r.value)),
         "best": _text(r.best) if r.has_best else None, "nodes": r.nodes,
         "budget": r.budget, "bounded": bool(r.bounded), "over": bool(r.over)}
    if r.over:
        d["result"] = _text(lib.guti_side_name(r.position.variant.game, r.winner))
        d["reason"] = _text(r.reason)
    return d


def norepeat(start, moves=(), rules="no-repeat", budget=0):
    """The value under rules no-repeat ("no-repeat", unlimited window, or "no-repeat:N")
    of the position after playing moves (a sequence of move texts, as play reads them) from
    the position start (a FEN), with that history, searched without tables
    (guti_norepeat_value): see Tables.norepeat, which is the same with the standard
    tables' help. Raises Error as Tables.norepeat does."""
    return _norepeat(_library(), None, start, moves, rules, budget)


# ---- the tables --------------------------------------------------------------------------

def open(directory, cache_bytes=0):  # shadows the builtin inside this module only
    """Opens a directory of tables (guti_open): reads their headers, not their blocks.

    cache_bytes bounds the memory of decompressed blocks shared by all probes (0: the
    library's default, 64 MiB). An empty or absent directory opens; its probes then raise
    Error (ENOTABLE) naming the table and the command that makes it.

    Returns a Tables handle (a context manager; close it when done). Raises Error when the
    library cannot be found or loaded (EIO), or the directory cannot be read (EIO)."""
    return Tables(directory, cache_bytes)


class Tables:
    """A directory of tables, opened by guti.open. Use it in a with statement, or call
    close(); it may be used from several threads at once."""

    def __init__(self, directory, cache_bytes=0):
        """Opens directory (see guti.open). Raises Error."""
        self._lib = _library()
        self._handle = ctypes.c_void_p()
        e = _ErrorBuf()
        rc = self._lib.guti_open(os.fsencode(directory), cache_bytes,
                                 ctypes.byref(self._handle), ctypes.byref(e))
        _check(rc, e)
        self.directory = directory

    def close(self):
        """Closes the handle and frees the library's memory (guti_close). Closing twice is
        harmless; probing a closed handle raises Error (EINPUT). Returns None."""
        if self._handle:
            self._lib.guti_close(self._handle)
            self._handle = ctypes.c_void_p()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __del__(self):
        if getattr(self, "_handle", None):
            self.close()

    def _live(self):
        if not self._handle:
            raise Error("the tables handle is closed", EINPUT)
        return self._handle

    def _fen(self, pos):
        return _format_fen(self._lib, pos)

    def _probe(self, fen, rules):
        pos, r, e = _Position(), _Result(), _ErrorBuf()
        rc = self._lib.guti_probe_fen(self._live(), _bytes(fen, "position"),
                                      _bytes(rules, "rules") if rules else None,
                                      ctypes.byref(pos), ctypes.byref(r), ctypes.byref(e))
        _check(rc, e)
        return pos, r

    def _fields(self, r):
        """value, dtm and value_now of a guti_result, as guti query --json words them."""
        name = self._lib.guti_value_name
        return {"value": _text(name(r.value)),
                "dtm": r.dtm if r.dtm >= 0 else None,
                "value_now": None if r.value_now == _UNKNOWN else _text(name(r.value_now))}

    def _class(self, r):
        """class and dtc of a guti_result, None where the counting-rule tables are not."""
        if r.dtc_class == _CLASS_UNKNOWN:
            return {"class": None, "dtc": None}
        return {"class": _text(self._lib.guti_class_name(r.dtc_class)),
                "dtc": r.dtc if r.dtc >= 0 else None}

    def probe(self, fen, rules=None):
        """What the tables say of the position fen (guti_probe_fen).

        rules chooses the tables ("standard", "goat-pass"; "optional", "forced"); None for
        the rules of the tables in the directory. Returns a dict with the keys of guti
        query --json but "moves": fen, value, dtm, value_now, clock, limit, over, (when
        over: result, reason, reachable), class and dtc (see the module's documentation).

        Raises Error: EINPUT for a malformed or illegal FEN (the message is the one guti
        query prints), ENOTABLE naming the missing table and the command that makes it,
        EDAMAGED, ENOMEM."""
        pos, r = self._probe(fen, rules)
        d = {"fen": self._fen(pos)}
        d.update(self._fields(r))
        d.update({"clock": r.clock, "limit": r.limit, "over": bool(r.over)})
        if r.over:
            d["result"] = ("draw" if r.winner < 0
                           else _text(self._lib.guti_side_name(pos.variant.game, r.winner)))
            d["reason"] = _text(r.reason)
            d["reachable"] = bool(r.reachable)
        d.update(self._class(r))
        return d

    def moves(self, fen, rules=None):
        """Every legal move of the position fen with its value for the player who makes it,
        best first: the fastest wins, the draws, the slowest losses, ties in the order of
        the legal moves (guti_probe_moves). rules as for probe.

        Returns a list of dicts, one per move: move (its text), value, dtm, value_now,
        class, dtc (for the mover) and after (the FEN of the position it leads to); an
        empty list when the game is over.

        Raises Error as probe does (the position itself is probed first, as guti query
        does), and ENOTABLE when a table a move leads into is missing."""
        pos, r = self._probe(fen, rules)
        if r.over:
            return []
        size = 256
        while True:
            arr = (_ScoredMove * size)()
            n, e = ctypes.c_int(), _ErrorBuf()
            rc = self._lib.guti_probe_moves(self._live(), ctypes.byref(pos), arr, size,
                                            ctypes.byref(n), ctypes.byref(e))
            if rc == ERANGE and n.value > size:
                size = n.value
                continue
            _check(rc, e)
            break
        out = []
        for m in arr[:n.value]:
            d = {"move": _text(m.move.text)}
            d.update(self._fields(m.result))
            d.update(self._class(m.result))
            d["after"] = self._fen(m.move.after)
            out.append(d)
        return out

    def norepeat(self, start, moves=(), rules="no-repeat", budget=0):
        """The value under rules no-repeat ("no-repeat", unlimited window, or "no-repeat:N")
        of the position after playing moves (move texts, as play reads them) from the
        position start (a FEN), with that history: only the boards since the last
        placement or capture matter (guti_norepeat_value; the method is in docs/results.md,
        "The no-repeat rule"). No table holds it: it is searched, within budget nodes (0:
        10^7). The standard tables of the same board in this directory, when there, order
        the moves, and on 4x4 also bound the search (proven there); without them the
        search is slower, never different. It runs in the calling thread and can take
        seconds.

        Returns a dict with the keys of guti query --rules no-repeat --json: fen (after
        the moves), rules, moves_played, value ("win" or "loss" for the side to move;
        "draw" only under a window; "unknown" when the budget ran out), best (a move that
        keeps a win or a draw, else None), nodes, budget, bounded, over, and when over
        result and reason.

        Raises Error (EINPUT) for a malformed start, rules other than no-repeat, a budget
        that is no whole number, or a move that is illegal or refused by the rule (the
        message gives its number, from 1); ENOMEM."""
        return _norepeat(self._lib, self._live(), start, moves, rules, budget)
