"""guti: the exact values of positions of guti's games (Bagh-Chal, Sixteen Soldiers, ...:
:func:`games` lists them) from guti's tables.

A thin layer over libguti (solver/guti.h) through ctypes, with nothing but the Python
standard library::

    import guti
    with guti.open("tables") as tb:
        r = tb.probe("T3T/5/5/5/T3T g 20")   # {"value": "draw", "dtm": None, ...}
        for m in tb.moves("T3T/5/5/5/T3T g 20"):
            print(m["move"], m["value"], m["dtm"])

Positions are FEN strings in guti's notation (docs/notation.md), moves their texts in notation
("c3", "a1-b2", "a1xc3", a chain "c4xc6xe6", "pass"). Results are dicts whose keys and
words are those of ``guti query --json`` (and ``guti game --analyze --json``), so that
the two compare one to one.

With tables (:func:`open` returns a :class:`Tables`):

- ``probe(fen, rules=None, limit=None)``: ``fen`` (the position as guti writes it),
  ``value`` ("win", "draw" or "loss" for the side to move, the game played without its
  counting rule), ``dtm`` (half-moves to the end; None for a draw or where only WDL tables
  exist), ``value_now`` (the value under the counting rule at the position's clock, None
  when the tables cannot tell), ``clock``, ``limit``, ``over``; when ``over`` is True also
  ``result`` (the winner's side, e.g. "tigers", or "draw"), ``reason`` and ``reachable``
  (False when the winner is to move, which no game reaches); and ``class`` ("win",
  "cursed_win", "draw", "blessed_loss", "loss" at clock 0 under the counting rule) and
  ``dtc``, None where the counting-rule tables (``guti solve --dtc``) are not there.
- ``moves(fen)``: every legal move, best first (the fastest wins, the draws, the slowest
  losses), each a dict with ``move`` (its text in notation), ``value``, ``dtm``,
  ``value_now``, ``class`` and ``dtc`` for the player who makes it, and ``after``, the FEN
  of the position it leads to (not in ``guti query --json``). A finished game has none.
- ``probe_move(fen, move)``: one such move, however it is written; ``best_move(fen)``:
  the first of ``moves``; ``principal_variation(fen)``: best moves until the game ends.
- ``analyze(start, moves)``: a game analysed move by move, as ``guti game --analyze
  --json``: each move's value before and after it, mistakes, slower wins, the best move.
- ``norepeat(start, moves)``: under rules ``no-repeat`` (or ``no-repeat:N``), where a
  value depends on the game's history and no table holds it, the value searched for the
  position after ``moves`` from ``start``: the keys of ``guti query --rules no-repeat
  --json`` (``fen``, ``rules``, ``moves_played``, ``value``: "win", "loss", "draw" only
  under a window, "unknown" past the node budget; ``best``, ``nodes``, ``budget``,
  ``bounded``, ``over``, and ``result``, ``reason`` when over). :func:`norepeat` does the
  same without tables (a slower search, never a different value).
- ``norepeat_moves(start, moves)``: every move there under the rule, with its value under
  the rule (searched: "unknown" past the budget, never a guess), whether the rule refuses
  it, and its standard value beside, ranked as a machine plays;
  ``norepeat_analyze(record)`` (or ``(start, moves, rules)``): a game under the rule
  analysed as ``guti game --analyze --json`` gives it: each position's value, the move
  played and the best one, mistakes judged only where the values are decided.
- ``variants()`` and ``cache_stats()``: what the directory holds, what the cache did.

The counting rule's limit. ``limit`` (in probe, moves, probe_move, best_move,
principal_variation, analyze) chooses the counting-rule tables read: None or 0 for the
game's own (100 half-moves in Bagh-Chal, 80 in Sixteen Soldiers), else the limit of
tables made with ``guti solve --dtc --limit L``; ``value_now``, ``class`` and ``dtc`` are
then under that limit, as ``guti query --limit L`` gives them. A game without a counting
rule, asked for none, answers ``limit`` 0: its clock ends nothing, ``value_now`` is
``value``, and ``class`` and ``dtc`` are None.

Without tables (module functions; limit= there too, for the end by the clock):
:func:`games` (the games libguti knows), :func:`start` (a game's start position),
:func:`legal_moves`, :func:`play` (a move played: the new position), :func:`game_over`,
:func:`material`, :func:`board` (a board's points and lines), and the notations of other
programs (Bagh-Chal on 5x5: "baghchal", the baghchal Python package's; "obx",
baghchal.net's; and "guti"): :func:`parse_position`, :func:`format_position`,
:func:`convert_position`, :func:`format_move` and :func:`parse_move`.

Errors. A failure of the library raises :class:`Error`, whose text is libguti's one-line
message and whose ``status`` is its negative status code (:data:`EINPUT`,
:data:`ENOTABLE`, ...); a directory that does not exist or is no directory is
:data:`EIO` "DIR: no such directory". An argument of the wrong type (a FEN that is no
str, a limit that is no int, a list of moves given as one str, ...) raises
:class:`TypeError` naming the function and the argument, before the library is called.

Finding libguti. The module loads the first of these that exists (:func:`library_path`
says which, :func:`library_search_path` lists them), every path absolute, made from the
module's own real path when it was imported, never from the current directory:

1. ``$GUTI_LIBRARY``, the path of the shared library file (nothing else is tried when it
   is set; a relative path is taken from the directory the process was in when the module
   was imported);
2. ``build/libguti.so.0`` of the guti checkout this file is in (``CHECKOUT/python/guti``
   with ``CHECKOUT/solver/guti.h``), once ``make`` has built it;
3. ``libguti.so.0`` in the ``lib`` directory of the prefix the module is installed in
   (``make install`` puts the module in ``PREFIX/lib/python3/dist-packages/guti`` and the
   library in ``PREFIX/lib``);
4. ``libguti.so.0`` by the system's linker path (``ctypes.util.find_library("guti")``).

Threads. A :class:`Tables` handle may be used from any number of threads at once (the
library locks what it shares, and ctypes releases the GIL during a call); only ``close``
must not run while another thread probes.
"""

import ctypes
import ctypes.util
import os

__all__ = ["open", "Tables", "Error", "play", "norepeat", "games", "start", "legal_moves",
           "game_over", "material", "board", "parse_position", "format_position",
           "convert_position", "format_move", "parse_move", "library_path",
           "library_search_path", "NOTATIONS",
           "OK", "EINPUT", "ENOTABLE", "EDAMAGED", "ENOMEM", "EIO", "ERANGE"]

# enum guti_status
OK = 0
EINPUT = -1    # a malformed or illegal position, move or name
ENOTABLE = -2  # the table this position needs is not in the directory
EDAMAGED = -3  # a table is damaged (checksum, truncation, wrong header)
ENOMEM = -4    # out of memory
EIO = -5       # the directory or a file could not be read
ERANGE = -6    # an output array is too small

# enum guti_notation, by name
NOTATIONS = {"guti": 1, "baghchal": 2, "obx": 3}

_UNKNOWN = 2         # GUTI_UNKNOWN, a value not known
_CLASS_UNKNOWN = -1  # GUTI_CLASS_UNKNOWN
_JUDGED_NONE = 0     # GUTI_JUDGED_NONE
_SONAME = "libguti.so.0"
# The module's directory, resolved when it is imported: a relative __file__ (from a
# relative sys.path entry) would mean another place once the process changes directory.
_HERE = os.path.dirname(os.path.realpath(os.path.abspath(__file__)))
# A relative $GUTI_LIBRARY is read from the directory the process was in at the import, for
# the same reason (and dlopen would search the linker's path for a name without a '/').
_CWD = os.getcwd()


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
                ("clock", ctypes.c_int),
                ("limit", ctypes.c_int)]  # since libguti 0.7.0, in what was padding


class _ErrorBuf(ctypes.Structure):
    _fields_ = [("message", ctypes.c_char * 512)]


_MOVE_MAX = 80
_FEN_MAX = 128
_MAX_POINTS = 64
_ANALYSIS_MISSING = 64


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


class _NorepeatMove(ctypes.Structure):
    _fields_ = [("move", _Move),
                ("refused", ctypes.c_bool),
                ("value", ctypes.c_int),
                ("nodes", ctypes.c_uint64),
                ("standard", _Result)]


class _NorepeatMoveAnalysis(ctypes.Structure):
    _fields_ = [("position", _Position),
                ("value", ctypes.c_int),
                ("nodes", ctypes.c_uint64),
                ("played", _NorepeatMove),
                ("has_best", ctypes.c_bool),
                ("best", _NorepeatMove),
                ("judged", ctypes.c_bool),
                ("mistake", ctypes.c_bool)]


class _NorepeatAnalysis(ctypes.Structure):
    _fields_ = [("nmoves", ctypes.c_int),
                ("start", _Position),
                ("final", _Position),
                ("budget", ctypes.c_uint64),
                ("nodes", ctypes.c_uint64),
                ("over", ctypes.c_bool),
                ("winner", ctypes.c_int),
                ("reason", ctypes.c_char * 64),
                ("mistakes", ctypes.c_int * 2),
                ("first_mistake", ctypes.c_int * 2),
                ("judged", ctypes.c_int),
                ("unknown", ctypes.c_int)]


class _Board(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char * 16),
                ("npoints", ctypes.c_int),
                ("ncols", ctypes.c_int),
                ("nrows", ctypes.c_int),
                ("col", ctypes.c_int * _MAX_POINTS),
                ("row", ctypes.c_int * _MAX_POINTS),
                ("degree", ctypes.c_int * _MAX_POINTS),
                ("adjacent", (ctypes.c_int * 8) * _MAX_POINTS)]


class _CacheStats(ctypes.Structure):
    _fields_ = [(n, ctypes.c_uint64) for n in ("hits", "misses", "evictions", "bytes_read",
                                                "bytes_decompressed", "bytes_held",
                                                "blocks_held")]


class _MoveAnalysis(ctypes.Structure):
    _fields_ = [("position", _Position),
                ("before", _Result),
                ("played", _ScoredMove),
                ("judged", ctypes.c_int),
                ("mistake", ctypes.c_bool),
                ("slower", ctypes.c_bool),
                ("has_best", ctypes.c_bool),
                ("faster_loss", ctypes.c_bool),
                ("best", _ScoredMove),
                ("before_missing", ctypes.c_int),
                ("played_missing", ctypes.c_int),
                ("best_missing", ctypes.c_int)]


class _Analysis(ctypes.Structure):
    _fields_ = [("nmoves", ctypes.c_int),
                ("start", _Position),
                ("start_result", _Result),
                ("start_missing", ctypes.c_int),
                ("final", _Position),
                ("over", ctypes.c_bool),
                ("winner", ctypes.c_int),
                ("reason", ctypes.c_char * 64),
                ("mistakes", ctypes.c_int * 2),
                ("first_mistake", ctypes.c_int * 2),
                ("slower", ctypes.c_int * 2),
                ("judged", ctypes.c_int),
                ("answered", ctypes.c_int),
                ("unanswered", ctypes.c_int),
                ("nmissing", ctypes.c_int),
                ("missing", (ctypes.c_char * 512) * _ANALYSIS_MISSING),
                ("more_missing", ctypes.c_bool)]


# ---- loading the library -----------------------------------------------------------------

def _checkout_library(here):
    """CHECKOUT/build/libguti.so.0 when here is CHECKOUT/python/guti of a guti checkout
    (one with solver/guti.h), else None."""
    python_dir = os.path.dirname(here)
    if os.path.basename(here) != "guti" or os.path.basename(python_dir) != "python":
        return None
    checkout = os.path.dirname(python_dir)
    if not os.path.isfile(os.path.join(checkout, "solver", "guti.h")):
        return None
    return os.path.join(checkout, "build", _SONAME)


def _prefix_library(here):
    """PREFIX/lib/libguti.so.0 when here is PREFIX/lib/python3*/{dist,site}-packages/guti
    (where make install puts the module), else None."""
    packages = os.path.dirname(here)
    python = os.path.dirname(packages)
    lib = os.path.dirname(python)
    if (os.path.basename(here) != "guti"
            or os.path.basename(packages) not in ("dist-packages", "site-packages")
            or not os.path.basename(python).startswith("python")
            or os.path.basename(lib) != "lib"):
        return None
    return os.path.join(lib, _SONAME)


def library_search_path():
    """The library files the module would try, in order, as absolute paths: $GUTI_LIBRARY
    alone when it is set; else the checkout's build/libguti.so.0 (when the module is in a
    guti checkout), then the installed prefix's lib/libguti.so.0 (when the module is where
    make install puts it). The system linker's path, tried last, is not a list of files
    and is not in it. Returns a list of str; whether each exists is not checked."""
    explicit = os.environ.get("GUTI_LIBRARY")
    if explicit:
        return [os.path.normpath(os.path.join(_CWD, explicit))]
    return [p for p in (_checkout_library(_HERE), _prefix_library(_HERE)) if p]


def library_path():
    """The libguti shared library the module loads (or would load): $GUTI_LIBRARY when set,
    else the first of library_search_path() that exists, else the name
    ctypes.util.find_library("guti") returns (the system linker's path). Raises Error
    (status EIO) saying what to do when none is found."""
    explicit = os.environ.get("GUTI_LIBRARY")
    candidates = library_search_path()
    if explicit:
        if not os.path.isfile(candidates[0]):
            raise Error("GUTI_LIBRARY is %s, which %s; set it to the path of libguti.so.0 "
                        "(make builds build/libguti.so.0)"
                        % (explicit, "is not a file" if os.path.exists(candidates[0])
                           else "does not exist"), EIO)
        return candidates[0]
    for path in candidates:
        if os.path.isfile(path):
            return path
    found = ctypes.util.find_library("guti")
    if found:
        return found
    raise Error("libguti not found (tried %s); set GUTI_LIBRARY to the path of libguti.so.0, "
                "or run make in the guti checkout, or make install PREFIX=... and import "
                "guti from PREFIX/lib/python3/dist-packages"
                % ", ".join(candidates + ["the linker's search path"]), EIO)


_SIGNATURES = None


def _signatures():
    """guti.h's functions: name -> (restype, argtypes)."""
    err = ctypes.POINTER(_ErrorBuf)
    handle = ctypes.c_void_p
    pos = ctypes.POINTER(_Position)
    var = ctypes.POINTER(_Variant)
    cp, i, ip = ctypes.c_char_p, ctypes.c_int, ctypes.POINTER(ctypes.c_int)
    return {
        "guti_open": (i, [cp, ctypes.c_size_t, ctypes.POINTER(handle), err]),
        "guti_close": (None, [handle]),
        "guti_probe": (i, [handle, pos, ctypes.POINTER(_Result), err]),
        "guti_probe_moves": (i, [handle, pos, ctypes.POINTER(_ScoredMove), i, ip, err]),
        "guti_probe_move": (i, [handle, pos, cp, ctypes.POINTER(_ScoredMove), err]),
        "guti_best_move": (i, [handle, pos, ctypes.POINTER(_ScoredMove), err]),
        "guti_principal_variation": (i, [handle, pos, ctypes.c_void_p, i, ip, err]),
        "guti_analyze_game": (i, [handle, pos, ctypes.POINTER(cp), i,
                                  ctypes.POINTER(_MoveAnalysis), ctypes.POINTER(_Analysis),
                                  err]),
        "guti_variants": (i, [handle, var, i]),
        "guti_cache_stats": (None, [handle, ctypes.POINTER(_CacheStats)]),
        "guti_parse_fen": (i, [cp, var, pos, err]),
        "guti_start": (i, [var, pos, err]),
        "guti_legal_moves": (i, [pos, ctypes.POINTER(_Move), i, ip, err]),
        "guti_play": (i, [pos, cp, pos, err]),
        "guti_over": (i, [pos, ip, cp, ctypes.c_size_t, ctypes.POINTER(ctypes.c_bool), err]),
        "guti_format_fen": (i, [pos, cp, ctypes.c_size_t, err]),
        "guti_material": (i, [pos, cp, ctypes.c_size_t, err]),
        "guti_point_name": (i, [var, i, cp, err]),
        "guti_board_info": (i, [var, ctypes.POINTER(_Board), err]),
        "guti_parse_position": (i, [cp, i, var, pos, ip, err]),
        "guti_format_position": (i, [pos, i, cp, ctypes.c_size_t, err]),
        "guti_format_move": (i, [pos, cp, i, cp, ctypes.c_size_t, err]),
        "guti_norepeat_value": (i, [handle, pos, ctypes.POINTER(cp), i, ctypes.c_uint64,
                                    ctypes.POINTER(_NorepeatResult), err]),
        "guti_norepeat_moves": (i, [handle, pos, ctypes.POINTER(cp), i, ctypes.c_uint64,
                                    ctypes.POINTER(_NorepeatResult),
                                    ctypes.POINTER(_NorepeatMove), i, ip, err]),
        "guti_norepeat_analyze_game": (i, [handle, pos, ctypes.POINTER(cp), i, ctypes.c_uint64,
                                           ctypes.POINTER(_NorepeatMoveAnalysis),
                                           ctypes.POINTER(_NorepeatAnalysis), err]),
        "guti_game_named": (i, [cp]),
        "guti_game_name": (cp, [i]),
        "guti_value_name": (cp, [i]),
        "guti_class_name": (cp, [i]),
        "guti_judged_name": (cp, [i]),
        "guti_side_name": (cp, [i, i]),
        "guti_notation_name": (cp, [i]),
    }


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
    for name, (restype, argtypes) in _signatures().items():
        f = getattr(lib, name)
        f.restype = restype
        f.argtypes = argtypes
    _lib = lib
    return lib


# ---- arguments ---------------------------------------------------------------------------

def _type_error(func, arg, expected, value):
    return TypeError("%s() argument '%s' must be %s, not %s"
                     % (func, arg, expected, type(value).__name__))


def _want_str(func, arg, value, optional=False):
    """value, checked to be a str (or None when optional): else TypeError."""
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise _type_error(func, arg, "str or None" if optional else "str", value)
    return value


def _want_int(func, arg, value, optional=False):
    """value, checked to be an int (not a bool; or None when optional): else TypeError."""
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        raise _type_error(func, arg, "int or None" if optional else "int", value)
    return value


def _want_texts(func, arg, value):
    """value as a list of str, checked to be an iterable of str that is not itself a str
    (a move list given as one str would be read a character at a time)."""
    if isinstance(value, (str, bytes)):
        raise _type_error(func, arg, "a sequence of str (move texts)", value)
    try:
        texts = list(value)
    except TypeError:
        raise _type_error(func, arg, "a sequence of str (move texts)", value) from None
    for k, t in enumerate(texts):
        if not isinstance(t, str):
            raise TypeError("%s() argument '%s': item %d must be str, not %s"
                            % (func, arg, k, type(t).__name__))
    return texts


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


def _rules_hint(rules):
    """A guti_variant whose only hint is rules (None or "": none)."""
    hint = _Variant()
    if rules:
        b = _bytes(rules, "rules")
        if len(b) >= _Variant.rules.size:
            raise Error("rules '%s': no game's rules" % rules, EINPUT)
        hint.rules = b
    return hint


def _notation(func, arg, name, optional=False):
    """enum guti_notation of a notation's name (0 for None when optional)."""
    if name is None and optional:
        return 0
    _want_str(func, arg, name, optional)
    if name not in NOTATIONS:
        raise Error("notation '%s': expected one of %s" % (name, ", ".join(NOTATIONS)), EINPUT)
    return NOTATIONS[name]


def _parse(lib, fen, rules, limit=None):
    """The guti_position of a FEN under rules (None: the game's default), at the counting
    rule's limit (None or 0: the game's own)."""
    pos, e = _Position(), _ErrorBuf()
    _check(lib.guti_parse_fen(_bytes(fen, "position"), ctypes.byref(_rules_hint(rules)),
                              ctypes.byref(pos), ctypes.byref(e)), e)
    if limit:
        _set_limit(pos, limit)
    return pos


def _format_fen(lib, pos):
    """The FEN of a guti_position."""
    buf = ctypes.create_string_buffer(_FEN_MAX)
    e = _ErrorBuf()
    _check(lib.guti_format_fen(ctypes.byref(pos), buf, _FEN_MAX, ctypes.byref(e)), e)
    return _text(buf.value)


def _side(lib, pos, winner):
    """The winner's side name, or "draw" for -1."""
    return "draw" if winner < 0 else _text(lib.guti_side_name(pos.variant.game, winner))


# ---- positions and moves, without tables ---------------------------------------------------

def _game_names(lib):
    """The names of the games libguti knows, in its order (enum guti_game numbers them from
    1, and guti_game_name has none past the last)."""
    names = []
    while lib.guti_game_name(len(names) + 1):
        names.append(_text(lib.guti_game_name(len(names) + 1)))
    return names


def _game_list(lib):
    """The games libguti knows, for people: "baghchal, sixteen or ..."."""
    names = _game_names(lib)
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else "".join(names)


def games():
    """The names of the games libguti knows, the default first, as start() and board() take
    them and Tables.variants() gives them: ["baghchal", "sixteen", ...]."""
    return _game_names(_library())


def _game_variant(lib, v, game, board):
    """v (a _Variant) with the game named game and the board named board (None: the
    game's own) filled in; Error if either names none."""
    v.game = lib.guti_game_named(_bytes(game, "game"))
    if not v.game:
        raise Error("game '%s': expected %s" % (game, _game_list(lib)), EINPUT)
    if board:
        b = _bytes(board, "board")
        if len(b) >= _Variant.board.size:
            raise Error("board '%s': no game's board" % board, EINPUT)
        v.board = b
    return v


def start(game="baghchal", rules=None, board=None):
    """The start position of a game, as a FEN (guti_start). game: one of games() ("baghchal",
    "sixteen", ...) or another of its names ("bagh-chal", "sixteen-soldiers", ...), in any
    case; rules None for the game's default (its first: "standard", "optional"); board None
    for the game's own (Bagh-Chal: "5x5"; also "4x4", "3x3"). Raises TypeError, or Error
    (EINPUT) for a game, rules or board that is not one."""
    _want_str("start", "game", game)
    _want_str("start", "rules", rules, True)
    _want_str("start", "board", board, True)
    lib = _library()
    v = _game_variant(lib, _rules_hint(rules), game, board)
    pos, e = _Position(), _ErrorBuf()
    _check(lib.guti_start(ctypes.byref(v), ctypes.byref(pos), ctypes.byref(e)), e)
    return _format_fen(lib, pos)


def legal_moves(fen, rules=None, limit=None):
    """The legal moves of the position fen under rules (None: the game's default), one per
    distinct position reached, in the library's order (guti_legal_moves): a list of dicts
    with move (its text in notation) and after (the FEN it leads to); empty when the game
    is over (at the counting rule's limit, None or 0 for the game's own, the clock ends
    it). Raises TypeError, or Error (EINPUT) for a malformed FEN, rules or limit (a clock
    beyond it)."""
    _want_str("legal_moves", "fen", fen)
    _want_str("legal_moves", "rules", rules, True)
    _want_int("legal_moves", "limit", limit, True)
    lib = _library()
    pos = _parse(lib, fen, rules, limit)
    size = 128
    while True:
        arr, n, e = (_Move * size)(), ctypes.c_int(), _ErrorBuf()
        rc = lib.guti_legal_moves(ctypes.byref(pos), arr, size, ctypes.byref(n), ctypes.byref(e))
        if rc == ERANGE and n.value > size:
            size = n.value
            continue
        _check(rc, e)
        return [{"move": _text(m.text), "after": _format_fen(lib, m.after)}
                for m in arr[:n.value]]


def play(fen, move, rules=None, limit=None):
    """The FEN of the position after playing move (its text in notation, written any way
    the notation allows: a chain by any of its paths, points in either case) in the
    position fen, under rules (None for the game's default rules: "standard" for
    Bagh-Chal, "optional" for Sixteen Soldiers, ...), with the counting rule's limit (None or
    0 for the game's own: a game whose clock has reached it is over). Needs no tables
    (guti_play).

    Returns the FEN as guti writes it. Raises TypeError, or Error (EINPUT) for a malformed
    FEN or rules, an illegal move, or a finished game; Error (EIO) when libguti cannot be
    found."""
    _want_str("play", "fen", fen)
    _want_str("play", "move", move)
    _want_str("play", "rules", rules, True)
    _want_int("play", "limit", limit, True)
    lib = _library()
    pos = _parse(lib, fen, rules, limit)
    after, e = _Position(), _ErrorBuf()
    _check(lib.guti_play(ctypes.byref(pos), _bytes(move, "move"), ctypes.byref(after),
                         ctypes.byref(e)), e)
    return _format_fen(lib, after)


def game_over(fen, rules=None, limit=None):
    """Whether the game is over in the position fen by the rules or the clock (guti_over;
    the third repetition needs a game's history, which a FEN has not). Returns a dict:
    over (bool), and when over result (the winner's side, e.g. "tigers", or "draw"),
    reason (a phrase, "5 goats captured") and reachable (False when the winner is to
    move, which no game reaches): the words of probe's. limit is the counting rule's
    (None or 0 for the game's own): a clock at it is a draw. Raises TypeError, or Error
    (EINPUT) for a malformed FEN, rules or limit."""
    _want_str("game_over", "fen", fen)
    _want_str("game_over", "rules", rules, True)
    _want_int("game_over", "limit", limit, True)
    lib = _library()
    pos = _parse(lib, fen, rules, limit)
    winner, reachable, e = ctypes.c_int(), ctypes.c_bool(), _ErrorBuf()
    reason = ctypes.create_string_buffer(64)
    over = lib.guti_over(ctypes.byref(pos), ctypes.byref(winner), reason, 64,
                         ctypes.byref(reachable), ctypes.byref(e))
    if over < 0:
        _check(over, e)
    if not over:
        return {"over": False}
    return {"over": True, "result": _side(lib, pos, winner.value), "reason": _text(reason.value),
            "reachable": bool(reachable.value)}


def material(fen, rules=None):
    """The material of the position fen in words, as guti show gives it ("goats in hand
    20, on the board 0, captured 0 of 5"; guti_material). Raises TypeError, or Error
    (EINPUT)."""
    _want_str("material", "fen", fen)
    _want_str("material", "rules", rules, True)
    lib = _library()
    pos = _parse(lib, fen, rules)
    buf, e = ctypes.create_string_buffer(256), _ErrorBuf()
    _check(lib.guti_material(ctypes.byref(pos), buf, 256, ctypes.byref(e)), e)
    return _text(buf.value)


def board(game="baghchal", board=None):  # the parameter shadows the function inside only
    """A board's geometry, for drawing it (guti_board_info): a dict with name ("5x5",
    "4x4", "3x3", "sixteen", ...), columns, rows (their numbers), points (the points' names in
    their numbering, a1 first: the numbering of guti.h's point sets), coordinates (name ->
    (column, row), 0-based from the bottom left) and adjacent (name -> the names of the
    points next to it along a line). game and board as start() reads them. Raises
    TypeError, or Error (EINPUT)."""
    _want_str("board", "game", game)
    _want_str("board", "board", board, True)
    lib = _library()
    v = _game_variant(lib, _Variant(), game, board)
    info, e = _Board(), _ErrorBuf()
    _check(lib.guti_board_info(ctypes.byref(v), ctypes.byref(info), ctypes.byref(e)), e)
    names = []
    for p in range(info.npoints):
        out = ctypes.create_string_buffer(3)
        _check(lib.guti_point_name(ctypes.byref(v), p, out, ctypes.byref(e)), e)
        names.append(_text(out.value))
    return {"name": _text(info.name), "columns": info.ncols, "rows": info.nrows,
            "points": names,
            "coordinates": {names[p]: (info.col[p], info.row[p]) for p in range(info.npoints)},
            "adjacent": {names[p]: [names[q] for q in info.adjacent[p][:info.degree[p]]]
                         for p in range(info.npoints)}}


# ---- other notations ---------------------------------------------------------------------

def parse_position(text, notation=None, rules=None):
    """Reads a position written in a notation (guti_parse_position): notation "guti",
    "baghchal" (the baghchal Python package's, B3B/5/5/5/B3B G 0) or "obx"
    (baghchal.net's, TXXXT/XXXXX/XXXXX/XXXXX/TXXXT g @20 c0 - #), or None for whichever
    the text's shape shows. A foreign notation is Bagh-Chal on 5x5, with no clock (read
    as 0). Returns (fen, notation): the position in guti's notation and the notation
    read. Raises TypeError, or Error (EINPUT) for a text that is no position of the
    notation, mixes notations or could be more than one."""
    _want_str("parse_position", "text", text)
    n = _notation("parse_position", "notation", notation, True)
    _want_str("parse_position", "rules", rules, True)
    lib = _library()
    pos, found, e = _Position(), ctypes.c_int(), _ErrorBuf()
    _check(lib.guti_parse_position(_bytes(text, "position"), n,
                                   ctypes.byref(_rules_hint(rules)), ctypes.byref(pos),
                                   ctypes.byref(found), ctypes.byref(e)), e)
    return _format_fen(lib, pos), _text(lib.guti_notation_name(found.value))


def format_position(fen, notation, rules=None):
    """The position fen (guti's notation) written in notation ("guti", "baghchal",
    "obx"; guti_format_position). A foreign notation has no clock: a position whose
    clock is not 0 is refused. Raises TypeError, or Error (EINPUT) for what the notation
    cannot write (another board than 5x5, Sixteen Soldiers)."""
    _want_str("format_position", "fen", fen)
    n = _notation("format_position", "notation", notation)
    _want_str("format_position", "rules", rules, True)
    lib = _library()
    pos = _parse(lib, fen, rules)
    buf, e = ctypes.create_string_buffer(256), _ErrorBuf()
    _check(lib.guti_format_position(ctypes.byref(pos), n, buf, 256, ctypes.byref(e)), e)
    return _text(buf.value)


def convert_position(text, to, notation=None):
    """A position converted between notations: text read as parse_position reads it (in
    notation, or None for whichever its shape shows) and written in the notation to, as
    format_position writes it. Raises TypeError, or Error (EINPUT)."""
    _want_str("convert_position", "text", text)
    _want_str("convert_position", "to", to)
    fen, _ = parse_position(text, notation)
    return format_position(fen, to)


def format_move(fen, move, notation, rules=None):
    """The move (in guti's notation, any way of writing it) of the position fen written
    in notation ("guti", "baghchal": G33, B1122, Bx1133; "obx": mC3, mA1B1, mA1C3(B2);
    guti_format_move). Raises TypeError, or Error (EINPUT) for an illegal move or one the
    notation has no way to write (a pass)."""
    _want_str("format_move", "fen", fen)
    _want_str("format_move", "move", move)
    n = _notation("format_move", "notation", notation)
    _want_str("format_move", "rules", rules, True)
    lib = _library()
    pos = _parse(lib, fen, rules)
    buf, e = ctypes.create_string_buffer(_MOVE_MAX), _ErrorBuf()
    # guti_format_move writes a move it is given without asking whether it is legal
    after = _Position()
    _check(lib.guti_play(ctypes.byref(pos), _bytes(move, "move"), ctypes.byref(after),
                         ctypes.byref(e)), e)
    _check(lib.guti_format_move(ctypes.byref(pos), _bytes(move, "move"), n, buf, _MOVE_MAX,
                                ctypes.byref(e)), e)
    return _text(buf.value)


def parse_move(fen, text, notation, rules=None):
    """A move of the position fen written in notation ("guti", "baghchal", "obx"), in
    guti's notation as legal_moves writes it: the legal move that format_move writes as
    text (compared exactly; in guti's notation any way play reads). Raises TypeError, or
    Error (EINPUT) when no legal move is written so."""
    _want_str("parse_move", "fen", fen)
    _want_str("parse_move", "text", text)
    _notation("parse_move", "notation", notation)
    _want_str("parse_move", "rules", rules, True)
    if notation == "guti":
        after = play(fen, text, rules)
        return next(m["move"] for m in legal_moves(fen, rules) if m["after"] == after)
    for m in legal_moves(fen, rules):
        try:
            if format_move(fen, m["move"], notation, rules) == text:
                return m["move"]
        except Error:
            continue  # a move the notation cannot write (a pass)
    raise Error("move '%s': no legal move of the position written so in %s notation"
                % (text, notation), EINPUT)


# ---- rules no-repeat -----------------------------------------------------------------------

def _norepeat_args(lib, func, start, moves, rules, budget):
    """The start position, the moves as C strings and their number, for a search under
    rules no-repeat: the arguments checked."""
    _want_str(func, "start", start)
    moves = _want_texts(func, "moves", moves)
    _want_str(func, "rules", rules)
    _want_int(func, "budget", budget)
    if budget < 0 or budget >= 1 << 64:
        raise Error("budget %r: expected a whole number of nodes, 0 for the default" % (budget,),
                    EINPUT)
    pos = _parse(lib, start, rules)
    texts = (ctypes.c_char_p * max(1, len(moves)))(
        *[_bytes(m, "move %d" % (i + 1)) for i, m in enumerate(moves)])
    return pos, texts, len(moves)


def _norepeat_answer(lib, r, played):
    """A guti_norepeat_result as guti query --rules no-repeat --json words it."""
    d = {"fen": _format_fen(lib, r.position), "rules": _text(r.position.variant.rules),
         "moves_played": played, "value": _text(lib.guti_value_name(r.value)),
         "best": _text(r.best) if r.has_best else None, "nodes": r.nodes,
         "budget": r.budget, "bounded": bool(r.bounded), "over": bool(r.over)}
    if r.over:
        d["result"] = _text(lib.guti_side_name(r.position.variant.game, r.winner))
        d["reason"] = _text(r.reason)
    return d


def _norepeat(lib, handle, func, start, moves, rules, budget):
    """guti_norepeat_value through handle (None: no tables), as guti query --json words it."""
    pos, texts, n = _norepeat_args(lib, func, start, moves, rules, budget)
    r, e = _NorepeatResult(), _ErrorBuf()
    _check(lib.guti_norepeat_value(handle, ctypes.byref(pos), texts, n, budget,
                                   ctypes.byref(r), ctypes.byref(e)), e)
    return _norepeat_answer(lib, r, n)


def _norepeat_move(lib, m):
    """A guti_norepeat_move's values as guti query --rules no-repeat --moves --json (and guti
    game --analyze --json) word them: value under the rule (None for a refused move), and
    the standard value with its DTM."""
    std = m.standard
    return {"value": None if m.refused else _text(lib.guti_value_name(m.value)),
            "standard": _text(lib.guti_value_name(std.value)),
            "standard_dtm": std.dtm if std.value != _UNKNOWN and std.dtm >= 0 else None}


def _norepeat_moves(lib, handle, func, start, moves, rules, budget):
    """guti_norepeat_moves through handle: the position's answer and its moves."""
    pos, texts, n = _norepeat_args(lib, func, start, moves, rules, budget)
    r, e, k = _NorepeatResult(), _ErrorBuf(), ctypes.c_int()
    out = (_NorepeatMove * 64)()
    rc = lib.guti_norepeat_moves(handle, ctypes.byref(pos), texts, n, budget, ctypes.byref(r),
                                 out, len(out), ctypes.byref(k), ctypes.byref(e))
    if rc == ERANGE:  # more moves than guessed: asked again with room for them all
        out = (_NorepeatMove * k.value)()
        rc = lib.guti_norepeat_moves(handle, ctypes.byref(pos), texts, n, budget,
                                     ctypes.byref(r), out, len(out), ctypes.byref(k),
                                     ctypes.byref(e))
    _check(rc, e)
    d = _norepeat_answer(lib, r, n)
    d["moves"] = []
    for m in out[:k.value]:
        one = {"move": _text(m.move.text), "fen": _format_fen(lib, m.move.after),
               "refused": bool(m.refused)}
        one.update(_norepeat_move(lib, m))
        one["nodes"] = m.nodes
        d["moves"].append(one)
    return d


_RESULT_WORDS = ("*", "draw")


def _read_record(lib, func, record):
    """A game record in guti's notation (docs/notation.md, "Game records": tag lines, then
    the moves; move numbers, comments and the result left out): its start FEN, rules and
    moves. The start is the FEN tag's, else the start of the Game and Board tags'."""
    _want_str(func, "record", record)
    tags, body = {}, []
    for line in record.splitlines():
        t = line.strip()
        if t.startswith("[") and t.endswith("]") and '"' in t:
            name, _, value = t[1:-1].partition(" ")
            tags[name] = value.strip().strip('"')
        else:
            body.append(line)
    text = " ".join(body)
    while "{" in text:
        left, _, rest = text.partition("{")
        if "}" not in rest:
            raise Error("record: a comment '{' with no '}'", EINPUT)
        text = left + " " + rest.partition("}")[2]
    game = tags.get("Game", "baghchal")
    rules = tags.get("Rules")
    if not rules:
        raise Error("record: no Rules tag", EINPUT)
    if "FEN" in tags:
        fen = tags["FEN"]
    else:
        fen = start(game, rules, tags.get("Board"))
    number = lib.guti_game_named(_bytes(game, "game"))
    sides = [_text(lib.guti_side_name(number, s)) for s in (0, 1)] if number else []
    moves = [w for w in text.split()
             if not (w.rstrip(".").isdigit() and w.endswith(".")) and w not in _RESULT_WORDS
             and w not in sides]
    return fen, rules, moves


def _norepeat_analysis(lib, out, a):
    """A guti_norepeat_analysis and its moves as guti game --analyze --json words them."""
    game = a.start.variant.game
    sides = [_text(lib.guti_side_name(game, s)) for s in (0, 1)]
    name = lib.guti_value_name
    moves = []
    for k in range(a.nmoves):
        m = out[k]
        best = None
        if m.has_best:
            best = {"move": _text(m.best.move.text)}
            best.update(_norepeat_move(lib, m.best))
        moves.append({
            "number": k + 1, "move": _text(m.played.move.text), "side": sides[m.position.side],
            "fen": _format_fen(lib, m.position),
            "before": {"value": _text(name(m.value)), "nodes": m.nodes},
            "after": _norepeat_move(lib, m.played),
            "judged": bool(m.judged), "mistake": bool(m.mistake), "best": best})
    summary = {
        "rules": _text(a.start.variant.rules), "budget": a.budget, "nodes": a.nodes,
        "start": {"fen": _format_fen(lib, a.start), "side": sides[a.start.side],
                  "value": moves[0]["before"]["value"] if moves else None},
        "mistakes": {sides[s]: a.mistakes[s] for s in (0, 1)},
        "first_mistake": {sides[s]: a.first_mistake[s] + 1 if a.first_mistake[s] >= 0 else None
                          for s in (0, 1)},
        "judged": a.judged, "moves": a.nmoves, "unknown": a.unknown,
        "result": sides[a.winner] if a.over else "*",
        "winner": sides[a.winner] if a.over else None,
        "reason": _text(a.reason) if a.over else "unfinished",
        "final": _format_fen(lib, a.final), "over": bool(a.over)}
    return {"moves": moves, "summary": summary}


def norepeat(start, moves=(), rules="no-repeat", budget=0):
    """The value under rules no-repeat ("no-repeat", unlimited window, or "no-repeat:N")
    of the position after playing moves (a sequence of move texts, as play reads them) from
    the position start (a FEN), with that history, searched without tables
    (guti_norepeat_value): see Tables.norepeat, which is the same with the standard
    tables' help. Raises TypeError and Error as Tables.norepeat does."""
    return _norepeat(_library(), None, "norepeat", start, moves, rules, budget)


# ---- the tables --------------------------------------------------------------------------

def open(directory, cache_bytes=0):  # shadows the builtin inside this module only
    """Opens a directory of tables (guti_open): reads their headers, not their blocks.

    directory is a str, bytes or os.PathLike. cache_bytes bounds the memory of
    decompressed blocks shared by all probes (0: the library's default, 64 MiB). An empty
    directory opens; its probes then raise Error (ENOTABLE) naming the table and the
    command that makes it.

    Returns a Tables handle (a context manager; close it when done). Raises TypeError;
    Error (EIO) "DIR: no such directory" for a directory that does not exist or is no
    directory, Error (EIO) when it cannot be read or the library cannot be found or
    loaded."""
    return Tables(directory, cache_bytes)


def _scored(t, m):
    """A guti_scored_move as a dict of moves()."""
    d = {"move": _text(m.move.text)}
    d.update(t._fields(m.result))
    d.update(t._class(m.result))
    d["after"] = t._fen(m.move.after)
    return d


class Tables:
    """A directory of tables, opened by guti.open. Use it in a with statement, or call
    close(); it may be used from several threads at once."""

    def __init__(self, directory, cache_bytes=0):
        """Opens directory (see guti.open). Raises TypeError or Error."""
        if not isinstance(directory, (str, bytes, os.PathLike)):
            raise _type_error("open", "directory", "str, bytes or os.PathLike", directory)
        _want_int("open", "cache_bytes", cache_bytes)
        if cache_bytes < 0 or cache_bytes >= 1 << 64:
            raise Error("cache_bytes %d: expected a size in bytes, 0 for the default"
                        % cache_bytes, EINPUT)
        path = os.fsencode(directory)
        if b"\0" in path:
            raise Error("directory: contains a NUL character", EINPUT)
        self._lib = _library()
        self._handle = ctypes.c_void_p()
        e = _ErrorBuf()
        rc = self._lib.guti_open(path, cache_bytes, ctypes.byref(self._handle), ctypes.byref(e))
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

    def _position(self, func, fen, rules, limit):
        """The guti_position to probe: fen read as guti_probe_fen reads it (rules None or
        "": the rules of the tables in the directory), at the counting-rule limit."""
        _want_str(func, "fen", fen)
        _want_str(func, "rules", rules, True)
        _want_int(func, "limit", limit, True)
        self._live()
        pos = _parse(self._lib, fen, rules, limit)
        if not rules:
            pos.variant.rules = b""  # from the tables, as guti_probe_fen does
        return pos

    def _probe(self, func, fen, rules, limit):
        pos = self._position(func, fen, rules, limit)
        r, e = _Result(), _ErrorBuf()
        _check(self._lib.guti_probe(self._live(), ctypes.byref(pos), ctypes.byref(r),
                                    ctypes.byref(e)), e)
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

    def probe(self, fen, rules=None, limit=None):
        """What the tables say of the position fen (guti_probe, the FEN read as
        guti_probe_fen reads it).

        rules chooses the tables ("standard", "goat-pass"; "optional", "forced"); None for
        the rules of the tables in the directory. limit chooses the counting-rule tables:
        None or 0 for the game's own limit (limit 0 in the answer for a game without a
        counting rule), else those made with guti solve --dtc --limit L. Returns a dict with the keys of guti query --json but "moves": fen, value, dtm,
        value_now, clock, limit, over, (when over: result, reason, reachable), class and
        dtc (see the module's documentation).

        Raises TypeError for arguments of the wrong type; Error: EINPUT for a malformed or
        illegal FEN (the message is the one guti query prints) or limit, ENOTABLE naming
        the missing table and the command that makes it, EDAMAGED, ENOMEM."""
        pos, r = self._probe("probe", fen, rules, limit)
        d = {"fen": self._fen(pos)}
        d.update(self._fields(r))
        d.update({"clock": r.clock, "limit": r.limit, "over": bool(r.over)})
        if r.over:
            d["result"] = _side(self._lib, pos, r.winner)
            d["reason"] = _text(r.reason)
            d["reachable"] = bool(r.reachable)
        d.update(self._class(r))
        return d

    def moves(self, fen, rules=None, limit=None):
        """Every legal move of the position fen with its value for the player who makes it,
        best first: the fastest wins, the draws, the slowest losses, ties in the order of
        the legal moves (guti_probe_moves). rules and limit as for probe.

        Returns a list of dicts, one per move: move (its text), value, dtm, value_now,
        class, dtc (for the mover) and after (the FEN of the position it leads to); an
        empty list when the game is over.

        Raises TypeError and Error as probe does (the position itself is probed first, as
        guti query does), and ENOTABLE when a table a move leads into is missing."""
        pos, r = self._probe("moves", fen, rules, limit)
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
        return [_scored(self, m) for m in arr[:n.value]]

    def probe_move(self, fen, move, rules=None, limit=None):
        """One move of the position fen with its value for the player who makes it, as
        moves() gives it (the same keys), reading only the table of the position it leads
        to (guti_probe_move). move is any way of writing it in notation, as play reads it;
        the result's move is how legal_moves writes it. rules and limit as for probe.
        Raises TypeError; Error (EINPUT) for an illegal move or a finished game, and
        probe's."""
        _want_str("probe_move", "move", move)
        pos = self._position("probe_move", fen, rules, limit)
        m, e = _ScoredMove(), _ErrorBuf()
        _check(self._lib.guti_probe_move(self._live(), ctypes.byref(pos), _bytes(move, "move"),
                                         ctypes.byref(m), ctypes.byref(e)), e)
        return _scored(self, m)

    def best_move(self, fen, rules=None, limit=None):
        """The best move of the position fen (the first of moves(), guti_best_move), a dict
        with moves()'s keys. rules and limit as for probe. Raises TypeError; Error (EINPUT)
        when the game is over, and probe's."""
        pos = self._position("best_move", fen, rules, limit)
        m, e = _ScoredMove(), _ErrorBuf()
        _check(self._lib.guti_best_move(self._live(), ctypes.byref(pos), ctypes.byref(m),
                                        ctypes.byref(e)), e)
        return _scored(self, m)

    def principal_variation(self, fen, max_moves=200, rules=None, limit=None):
        """A principal variation from the position fen: best moves (best_move) played one
        after the other until the game ends, at most max_moves of them (a draw never
        ends; guti_principal_variation). Returns a list of move texts, empty when the game
        is over. rules and limit as for probe. Raises TypeError; Error (EINPUT) for a
        negative max_moves, and probe's."""
        _want_int("principal_variation", "max_moves", max_moves)
        pos = self._position("principal_variation", fen, rules, limit)
        if max_moves < 0:
            raise Error("max_moves %d: expected a number of moves, 0 or more" % max_moves,
                        EINPUT)
        arr = ((ctypes.c_char * _MOVE_MAX) * max(1, max_moves))()
        n, e = ctypes.c_int(), _ErrorBuf()
        _check(self._lib.guti_principal_variation(self._live(), ctypes.byref(pos), arr,
                                                  max_moves, ctypes.byref(n), ctypes.byref(e)),
               e)
        return [_text(arr[k].value) for k in range(n.value)]

    def analyze(self, start, moves, rules=None, limit=None):
        """A game analysed (guti_analyze_game): the game from the position start (a FEN)
        through moves (a sequence of move texts, as play reads them) under rules (None:
        the game's default rules), with the tables' values at each position's own clock
        (and at limit's counting-rule tables, as probe reads them). A position whose
        table is missing is no error: its value is "unknown" and the table is named in
        the summary's missing.

        Returns a dict with the keys of guti game --analyze --json (in guti's notation):
        moves, a list with one dict per move: number (from 1), move (as legal_moves writes
        it), side (its maker), fen (the position before it), before (its value for the
        side to move) and after (the move's value for its maker), each a dict with value,
        dtm, value_now, class, dtc, clock, over (when over: result and reason; when value
        is "unknown": missing, the index of the missing table in the summary's missing, or
        None), judged ("value_now", "value" or None: what the move is judged by), mistake
        (a win thrown into a draw or a loss, a draw into a loss), slower (a win kept, but
        slower than the best move: not an error) and best (the best move there, a dict
        with move and before's keys, or None when the tables cannot rank the moves; the
        command shows it for mistakes and slower moves only); and summary: start (fen,
        side and its value, as before), mistakes, first_mistake (the move's number, or
        None) and slower (each a dict by side name), judged (moves judged), moves, unknown
        (positions the tables did not answer), missing (the messages naming each missing
        table and how to make it, once), more_missing, final (the FEN after the last
        move), over (the game is over there by the rules, the third repetition and the
        clock included), and when over result (the winner's side or "draw") and reason.

        Raises TypeError; Error: EINPUT for a malformed start, a move that is illegal or
        comes after the end of the game (the message gives its number, from 1), rules
        no-repeat (norepeat_analyze analyses such a game); ENOTABLE when the tables answer none of the positions; EDAMAGED,
        ENOMEM."""
        moves = _want_texts("analyze", "moves", moves)
        _want_str("analyze", "start", start)
        _want_str("analyze", "rules", rules, True)
        _want_int("analyze", "limit", limit, True)
        lib = self._lib
        self._live()
        pos = _parse(lib, start, rules, limit)
        texts = (ctypes.c_char_p * max(1, len(moves)))(
            *[_bytes(m, "move %d" % (i + 1)) for i, m in enumerate(moves)])
        out = (_MoveAnalysis * max(1, len(moves)))()
        a, e = _Analysis(), _ErrorBuf()
        _check(lib.guti_analyze_game(self._live(), ctypes.byref(pos), texts, len(moves), out,
                                     ctypes.byref(a), ctypes.byref(e)), e)
        return _analysis(self, out, a)

    def variants(self):
        """The variants whose tables are in the directory, from their headers
        (guti_variants), sorted by game, board and rules: a list of dicts with game
        (a name of games(): "baghchal", "sixteen", ...), rules and board."""
        lib = self._lib
        n = lib.guti_variants(self._live(), None, 0)
        arr = (_Variant * max(1, n))()
        n = lib.guti_variants(self._live(), arr, n)
        return [{"game": _text(lib.guti_game_name(v.game)), "rules": _text(v.rules),
                 "board": _text(v.board)} for v in arr[:n]]

    def cache_stats(self):
        """What the handle's block cache has done since it was opened (guti_cache_stats):
        a dict of hits, misses, evictions, bytes_read, bytes_decompressed, bytes_held,
        blocks_held."""
        s = _CacheStats()
        self._lib.guti_cache_stats(self._live(), ctypes.byref(s))
        return {name: getattr(s, name) for name, _ in _CacheStats._fields_}

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

        Raises TypeError for a start, rules or move that is no str, moves given as one str,
        or a budget that is no int; Error (EINPUT) for a malformed start, rules other than
        no-repeat, a budget out of range, or a move that is illegal or refused by the rule
        (the message gives its number, from 1); ENOMEM."""
        return _norepeat(self._lib, self._live(), "norepeat", start, moves, rules, budget)

    def norepeat_moves(self, start, moves=(), rules="no-repeat", budget=0):
        """Every move of the position after playing moves from start (a FEN) under rules
        no-repeat ("no-repeat" or "no-repeat:N"), with that history (guti_norepeat_moves):
        each one's value under the rule for its maker, searched within budget nodes a move
        (0: 10^6), and its value by the standard tables of the same board in this
        directory (when there) beside; best first, as a machine plays: the decided wins,
        then the moves not decided lost (draws and the undecided), then the decided losses,
        then the refused ones.

        Returns a dict with the keys of guti query --rules no-repeat --moves --json: those
        of norepeat (fen, rules, moves_played, value, best, nodes, budget, bounded, over,
        and when over result and reason: value is the position's as its moves decide it,
        "unknown" when one that could change it is undecided; best the first move when it
        keeps a win or a draw; nodes their sum) and moves: a list of dicts with move (as
        legal_moves writes it), fen (the position it leads to), refused (the rule forbids
        it: it recreates a board of the window), value ("win", "loss", "draw" only under a
        window, "unknown" when the budget ran out: never a guess; None when refused),
        standard and standard_dtm (its value and DTM by the standard tables: "unknown" and
        None without them), nodes. A finished game has none.

        Raises TypeError and Error as norepeat does."""
        return _norepeat_moves(self._lib, self._live(), "norepeat_moves", start, moves, rules,
                               budget)

    def norepeat_analyze(self, start, moves=None, rules="no-repeat", budget=0):
        """A game under rules no-repeat analysed (guti_norepeat_analyze_game), as guti game
        --analyze --json gives it for such a record: start is a FEN and moves a sequence of
        move texts played from it under rules ("no-repeat" or "no-repeat:N"); or, with
        moves None, start is a game record in guti's notation (tags, then moves:
        docs/notation.md; its Rules tag gives the rules, its FEN tag, else its Game and
        Board tags' start, the start). Each position is searched with the game's history,
        budget nodes a move (0: 10^6); the standard tables of the same board in this
        directory, when there, give the standard values beside and help the search.

        Returns a dict: moves, one dict per move with number (from 1), move, side (its
        maker), fen (the position before it), before ({"value", "nodes"}: the position's
        value under the rule for the side to move, "unknown" when the search could not
        decide it within the budget), after ({"value", "standard", "standard_dtm"}: the
        move's value for its maker under the rule and its standard value and DTM, as
        norepeat_moves words a move), judged (both values decided: undecided values are
        never judged), mistake (a win thrown into a draw or a loss, a draw into a loss)
        and best (the machine's move there: move, and after's keys); and summary: rules, budget, nodes, start ({"fen", "side",
        "value"}), mistakes and first_mistake (each a dict by side name; the first a move
        number or None), judged, moves, unknown (moves not judged), result (the winner's
        side, or "*" while the game goes on), winner (or None), reason ("unfinished" while
        it goes on), and final (the FEN after the last move) and over, which guti game's
        summary does not have.

        Raises TypeError; Error (EINPUT) for a malformed start or record, rules other than
        no-repeat, a budget out of range, a move that is illegal, refused by the rule or
        after the end of the game (the message gives its number, from 1); ENOMEM."""
        lib = self._lib
        if moves is None:
            start, rules, moves = _read_record(lib, "norepeat_analyze", start)
        pos, texts, n = _norepeat_args(lib, "norepeat_analyze", start, moves, rules, budget)
        out = (_NorepeatMoveAnalysis * max(1, n))()
        a, e = _NorepeatAnalysis(), _ErrorBuf()
        _check(lib.guti_norepeat_analyze_game(self._live(), ctypes.byref(pos), texts, n, budget,
                                              out, ctypes.byref(a), ctypes.byref(e)), e)
        return _norepeat_analysis(lib, out, a)


def _set_limit(pos, limit):
    """Sets the position's counting-rule limit (guti_position.limit, since libguti 0.7.0;
    the library checks its range). A limit beyond a C int would be cut short unseen."""
    if not -(1 << 31) <= limit < 1 << 31:
        raise Error("position: limit %d: expected 0 (the game's own) or 1 to 30000 half-moves"
                    % limit, EINPUT)
    pos.limit = limit


def _analysis_result(t, pos, r, missing):
    """A guti_result in a game's analysis, as guti game --analyze --json words it."""
    d = t._fields(r)
    d.update(t._class(r))
    d.update({"clock": r.clock, "over": bool(r.over)})
    if r.over:
        d["result"] = _side(t._lib, pos, r.winner)
        d["reason"] = _text(r.reason)
    if r.value == _UNKNOWN:
        d["missing"] = missing if missing >= 0 else None
    return d


def _analysis(t, out, a):
    """A guti_analysis and its moves as guti game --analyze --json words them."""
    lib = t._lib
    sides = [_text(lib.guti_side_name(a.start.variant.game, s)) for s in (0, 1)]
    moves = []
    for k in range(a.nmoves):
        m = out[k]
        best = None
        if m.has_best:
            best = {"move": _text(m.best.move.text)}
            best.update(_analysis_result(t, m.position, m.best.result, -1))
        moves.append({
            "number": k + 1, "move": _text(m.played.move.text), "side": sides[m.position.side],
            "fen": t._fen(m.position),
            "before": _analysis_result(t, m.position, m.before, m.before_missing),
            "after": _analysis_result(t, m.position, m.played.result, m.played_missing),
            "judged": None if m.judged == _JUDGED_NONE else _text(lib.guti_judged_name(m.judged)),
            "mistake": bool(m.mistake), "slower": bool(m.slower),
            "faster_loss": bool(m.faster_loss), "best": best})
    start = {"fen": t._fen(a.start), "side": sides[a.start.side]}
    start.update(_analysis_result(t, a.start, a.start_result, a.start_missing))
    summary = {
        "start": start,
        "mistakes": {sides[s]: a.mistakes[s] for s in (0, 1)},
        "first_mistake": {sides[s]: a.first_mistake[s] + 1 if a.first_mistake[s] >= 0 else None
                          for s in (0, 1)},
        "slower": {sides[s]: a.slower[s] for s in (0, 1)},
        # counted from the moves, as guti game --analyze counts them
        "faster_loss": {sides[s]: sum(m["faster_loss"] for m in moves if m["side"] == sides[s])
                        for s in (0, 1)},
        "judged": a.judged, "moves": a.nmoves, "unknown": a.unanswered,
        "missing": [_text(a.missing[k].value) for k in range(a.nmissing)],
        "more_missing": bool(a.more_missing), "final": t._fen(a.final), "over": bool(a.over)}
    if a.over:
        summary["result"] = _side(lib, a.final, a.winner)
        summary["reason"] = _text(a.reason)
    return {"moves": moves, "summary": summary}
