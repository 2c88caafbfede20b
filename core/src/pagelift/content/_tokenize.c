/* The content-stream tokenizer's fast pass in C: findall(data, pos, end) -> list of bytes.
 *
 * It gives exactly what pagelift.content.lexer's _TOKENS.findall(data, pos, end) gives (a
 * test holds the two together on random and real streams): the same tokens, split the same
 * way, comments included, at a fraction of the regular expression's cost per token (the
 * regex engine spends ~130 ns a token on refman.pdf's four million). Built by
 * scripts/compile_core.py beside the mypyc modules; without it (no C compiler, or
 * PAGELIFT_PURE_PYTHON=1) the lexer uses the regular expression.
 *
 * The pattern it follows (lexer.py):
 *   a literal string, parentheses balanced to three levels, backslash escaping any byte;
 *   a name: "/" and the regular bytes after it;
 *   a run of regular bytes (a number, an operator, a keyword);
 *   "<<", ">>", "[", "]";
 *   a hex string: "<" up to the first ">";
 *   a comment: "%" up to a line end;
 *   else one of ( ) { } < > on its own (an unclosed or deeply nested string, a stray one).
 * White space separates tokens and is no token.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

static unsigned char kind[256];  /* 0 regular, 1 white space, 2 delimiter */
static PyObject *single[256];    /* the one-byte tokens, made once (their hash is kept too) */

static void init_tables(void) {
    const char *ws = "\x00\t\n\x0c\r ";
    const char *delim = "/[]()<>{}%";
    for (int i = 0; i < 256; i++) kind[i] = 0;
    for (int i = 0; i < 6; i++) kind[(unsigned char)ws[i]] = 1;
    for (const char *p = delim; *p; p++) kind[(unsigned char)*p] = 2;
}

/* The end of a string body from i (the byte after an opening parenthesis), where the
 * closing parenthesis should stand. `nested` is how many more levels may open inside. */
static Py_ssize_t body_end(const unsigned char *s, Py_ssize_t i, Py_ssize_t end, int nested) {
    while (i < end) {
        unsigned char c = s[i];
        if (c == '\\') {
            if (i + 1 >= end) return i;  /* a backslash needs a byte after it */
            i += 2;
        } else if (c == '(') {
            if (nested == 0) return i;
            Py_ssize_t j = body_end(s, i + 1, end, nested - 1);
            if (j >= end || s[j] != ')') return i;  /* the inner string fails: the loop stops here */
            i = j + 1;
        } else if (c == ')') {
            return i;
        } else {
            i++;
        }
    }
    return i;
}

static int append(PyObject *out, const unsigned char *s, Py_ssize_t start, Py_ssize_t stop) {
    PyObject *tok;
    if (stop - start == 1) {
        tok = single[s[start]];
        Py_INCREF(tok);
    } else {
        tok = PyBytes_FromStringAndSize((const char *)s + start, stop - start);
        if (tok == NULL) return -1;
    }
    int rc = PyList_Append(out, tok);
    Py_DECREF(tok);
    return rc;
}

static PyObject *findall(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 3 || !PyBytes_Check(args[0])) {
        PyErr_SetString(PyExc_TypeError, "findall(data: bytes, pos: int, end: int)");
        return NULL;
    }
    const unsigned char *s = (const unsigned char *)PyBytes_AS_STRING(args[0]);
    Py_ssize_t n = PyBytes_GET_SIZE(args[0]);
    Py_ssize_t i = PyLong_AsSsize_t(args[1]);
    if (i == -1 && PyErr_Occurred()) return NULL;
    Py_ssize_t end = PyLong_AsSsize_t(args[2]);
    if (end == -1 && PyErr_Occurred()) return NULL;
    if (end > n) end = n;
    if (i < 0) i = 0;
    PyObject *out = PyList_New(0);
    if (out == NULL) return NULL;
    while (i < end) {
        unsigned char c = s[i];
        Py_ssize_t j;
        if (kind[c] == 1) {
            i++;
            continue;
        }
        if (kind[c] == 0) {
            j = i + 1;
            while (j < end && kind[s[j]] == 0) j++;
        } else if (c == '/') {
            j = i + 1;
            while (j < end && kind[s[j]] == 0) j++;
        } else if (c == '(') {
            Py_ssize_t k = body_end(s, i + 1, end, 2);
            j = (k < end && s[k] == ')') ? k + 1 : i + 1;
        } else if (c == '<') {
            if (i + 1 < end && s[i + 1] == '<') {
                j = i + 2;
            } else {
                const unsigned char *close = memchr(s + i + 1, '>', (size_t)(end - i - 1));
                j = close != NULL ? (close - s) + 1 : i + 1;
            }
        } else if (c == '>') {
            j = (i + 1 < end && s[i + 1] == '>') ? i + 2 : i + 1;
        } else if (c == '%') {
            j = i + 1;
            while (j < end && s[j] != '\r' && s[j] != '\n') j++;
        } else {  /* [ ] ) { } */
            j = i + 1;
        }
        if (append(out, s, i, j) < 0) {
            Py_DECREF(out);
            return NULL;
        }
        i = j;
    }
    return out;
}

/* ---- scan: the tokens an interpreter needs, its operator table in hand ----------------
 *
 * scan(data, pos, end, operators) -> list of tokens, or None.
 *
 * `operators` maps each operator (bytes, at most 3 of them) to whether its operands are used
 * (true: the interpreter has a handler) or not (false: it only ends the operand list). The
 * result is what pagelift.content.lexer.scan_reference gives (the Python reference; a test
 * holds the two together on random, fuzz and real streams):
 *   the tokens of findall(data, pos, end), comments left out;
 *   the operands before an operator whose operands are not used left out (the operator stays:
 *   it is counted against the page's budget and ends the operand list);
 *   each operator as the very key object of `operators` (its hash is kept: the interpreter's
 *   lookup of it is one pointer comparison);
 *   None where the careful path must read the chunk: a token ( ) < > on its own (a string
 *   unclosed or nested too deep, a hex string cut), or BI or ID (an inline image).
 * Operands are made as bytes only when kept: the operands of paths, line styles and stroke
 * colours (a fifth of a TeX manual's tokens) are never made into objects at all. */

typedef struct { uint32_t code; PyObject *key; int keep; } OpEntry;
#define OP_SLOTS 512

static uint32_t op_code(const unsigned char *s, Py_ssize_t len) {
    uint32_t code = (uint32_t)len << 24;
    for (Py_ssize_t k = 0; k < len; k++) code |= (uint32_t)s[k] << (16 - 8 * k);
    return code;
}

static unsigned op_slot(uint32_t code) { return (unsigned)((code * 2654435761u) >> 23) & (OP_SLOTS - 1); }

/* Fill `table` from the dict; -1 with an exception set on a bad entry or too many. */
static int op_table(PyObject *operators, OpEntry *table) {
    memset(table, 0, sizeof(OpEntry) * OP_SLOTS);
    PyObject *key, *value;
    Py_ssize_t at = 0, n = 0;
    while (PyDict_Next(operators, &at, &key, &value)) {
        if (!PyBytes_Check(key) || PyBytes_GET_SIZE(key) < 1 || PyBytes_GET_SIZE(key) > 3) {
            PyErr_SetString(PyExc_ValueError, "scan: operators are bytes of 1 to 3 bytes");
            return -1;
        }
        if (++n > OP_SLOTS / 2) {
            PyErr_SetString(PyExc_ValueError, "scan: too many operators");
            return -1;
        }
        int keep = PyObject_IsTrue(value);
        if (keep < 0) return -1;
        uint32_t code = op_code((const unsigned char *)PyBytes_AS_STRING(key), PyBytes_GET_SIZE(key));
        unsigned i = op_slot(code);
        while (table[i].key != NULL) i = (i + 1) & (OP_SLOTS - 1);
        table[i].code = code;
        table[i].key = key;  /* borrowed: the dict outlives the call */
        table[i].keep = keep;
    }
    return 0;
}

static OpEntry *op_find(OpEntry *table, const unsigned char *s, Py_ssize_t len) {
    if (len > 3) return NULL;
    uint32_t code = op_code(s, len);
    unsigned i = op_slot(code);
    while (table[i].key != NULL) {
        if (table[i].code == code) return &table[i];
        i = (i + 1) & (OP_SLOTS - 1);
    }
    return NULL;
}

typedef struct { Py_ssize_t start, stop; } Span;

static PyObject *scan(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 4 || !PyBytes_Check(args[0]) || !PyDict_Check(args[3])) {
        PyErr_SetString(PyExc_TypeError, "scan(data: bytes, pos: int, end: int, operators: dict)");
        return NULL;
    }
    const unsigned char *s = (const unsigned char *)PyBytes_AS_STRING(args[0]);
    Py_ssize_t n = PyBytes_GET_SIZE(args[0]);
    Py_ssize_t i = PyLong_AsSsize_t(args[1]);
    if (i == -1 && PyErr_Occurred()) return NULL;
    Py_ssize_t end = PyLong_AsSsize_t(args[2]);
    if (end == -1 && PyErr_Occurred()) return NULL;
    if (end > n) end = n;
    if (i < 0) i = 0;
    OpEntry table[OP_SLOTS];
    if (op_table(args[3], table) < 0) return NULL;
    Py_ssize_t cap = 64, pending = 0;
    Span *spans = PyMem_Malloc(sizeof(Span) * cap);
    if (spans == NULL) return PyErr_NoMemory();
    PyObject *out = PyList_New(0);
    if (out == NULL) {
        PyMem_Free(spans);
        return NULL;
    }
    while (i < end) {
        unsigned char c = s[i];
        Py_ssize_t j;
        int regular = 0;
        if (kind[c] == 1) {
            i++;
            continue;
        }
        if (kind[c] == 0) {
            j = i + 1;
            while (j < end && kind[s[j]] == 0) j++;
            regular = 1;
        } else if (c == '/') {
            j = i + 1;
            while (j < end && kind[s[j]] == 0) j++;
        } else if (c == '(') {
            Py_ssize_t k = body_end(s, i + 1, end, 2);
            if (!(k < end && s[k] == ')')) goto careful;  /* "(" on its own */
            j = k + 1;
        } else if (c == '<') {
            if (i + 1 < end && s[i + 1] == '<') {
                j = i + 2;
            } else {
                const unsigned char *close = memchr(s + i + 1, '>', (size_t)(end - i - 1));
                if (close == NULL) goto careful;  /* "<" on its own */
                j = (close - s) + 1;
            }
        } else if (c == '>') {
            if (!(i + 1 < end && s[i + 1] == '>')) goto careful;  /* ">" on its own */
            j = i + 2;
        } else if (c == '%') {
            j = i + 1;
            while (j < end && s[j] != '\r' && s[j] != '\n') j++;
            i = j;  /* a comment: no token */
            continue;
        } else if (c == ')') {
            goto careful;
        } else {  /* [ ] { } */
            j = i + 1;
        }
        if (regular && j - i == 2 && ((s[i] == 'B' && s[i + 1] == 'I') || (s[i] == 'I' && s[i + 1] == 'D')))
            goto careful;  /* an inline image */
        OpEntry *op = regular ? op_find(table, s + i, j - i) : NULL;
        if (op == NULL) {
            if (pending == cap) {
                cap *= 2;
                Span *grown = PyMem_Realloc(spans, sizeof(Span) * cap);
                if (grown == NULL) {
                    PyErr_NoMemory();
                    goto fail;
                }
                spans = grown;
            }
            spans[pending].start = i;
            spans[pending].stop = j;
            pending++;
        } else {
            if (op->keep) {
                for (Py_ssize_t k = 0; k < pending; k++)
                    if (append(out, s, spans[k].start, spans[k].stop) < 0) goto fail;
            }
            pending = 0;
            if (PyList_Append(out, op->key) < 0) goto fail;
        }
        i = j;
    }
    for (Py_ssize_t k = 0; k < pending; k++)  /* operands carried over to the next chunk */
        if (append(out, s, spans[k].start, spans[k].stop) < 0) goto fail;
    PyMem_Free(spans);
    return out;
careful:
    PyMem_Free(spans);
    Py_DECREF(out);
    Py_RETURN_NONE;
fail:
    PyMem_Free(spans);
    Py_DECREF(out);
    return NULL;
}

/* ---- string_value: the bytes a string token stands for ----------------------------------
 *
 * string_value(tok) -> bytes or None, exactly pagelift.content.lexer.python_string_value
 * (a test holds the two together on random tokens): a literal "(..)" token's body with its
 * line ends read as LF (CR LF and CR, before escapes: an escaped "r" stays a CR byte) and its
 * escapes resolved (\n \r \t \b \f \( \) \\, one to three octal digits, a backslash before a
 * line end dropped with it, any other escaped byte as itself, a last lone backslash kept); a
 * hex "<..>" token's digits (anything else skipped, an odd last digit followed by 0); None for
 * any other token. The body is the token less its first and last byte (none when it has two
 * bytes or fewer). */

static int hex_value(unsigned char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* The bytes string token s[0:n] stands for, written to o (room for n bytes); -1 when it is
 * no string token (string_value's None). */
static Py_ssize_t string_bytes(const unsigned char *s, Py_ssize_t n, unsigned char *o) {
    if (n < 1 || (s[0] != '(' && s[0] != '<') || (s[0] == '<' && n > 1 && s[1] == '<')) return -1;
    const unsigned char *body = s + 1;
    Py_ssize_t len = n > 2 ? n - 2 : 0;
    Py_ssize_t w = 0;
    if (s[0] == '<') {
        int high = -1;
        for (Py_ssize_t i = 0; i < len; i++) {
            int v = hex_value(body[i]);
            if (v < 0) continue;
            if (high < 0) {
                high = v;
            } else {
                o[w++] = (unsigned char)(high * 16 + v);
                high = -1;
            }
        }
        if (high >= 0) o[w++] = (unsigned char)(high * 16);
    } else {
        /* Line ends first: CR LF and CR read as LF (the escapes are resolved on the result). */
        Py_ssize_t i = 0;
        while (i < len) {
            unsigned char c = body[i];
            if (c == '\r') {
                o[w++] = '\n';
                i += (i + 1 < len && body[i + 1] == '\n') ? 2 : 1;
            } else {
                o[w++] = c;
                i++;
            }
        }
        /* Then the escapes, in place: the result is never longer than what it is read from. */
        Py_ssize_t m = w;
        w = 0;
        i = 0;
        while (i < m) {
            unsigned char c = o[i];
            if (c != '\\' || i + 1 >= m) {
                o[w++] = c;
                i++;
                continue;
            }
            unsigned char e = o[i + 1];
            if (e >= '0' && e <= '7') {
                int v = 0, k = 0;
                i++;
                while (k < 3 && i < m && o[i] >= '0' && o[i] <= '7') {
                    v = v * 8 + (o[i] - '0');
                    i++;
                    k++;
                }
                o[w++] = (unsigned char)(v & 0xFF);
                continue;
            }
            i += 2;
            switch (e) {
                case '\n': break;  /* a backslash before a line end continues the string */
                case 'n': o[w++] = '\n'; break;
                case 'r': o[w++] = '\r'; break;
                case 't': o[w++] = '\t'; break;
                case 'b': o[w++] = '\b'; break;
                case 'f': o[w++] = '\f'; break;
                default: o[w++] = e;  /* ( ) \ and any other byte: itself */
            }
        }
    }
    return w;
}

static PyObject *string_value(PyObject *module, PyObject *tok) {
    if (!PyBytes_Check(tok)) {
        PyErr_SetString(PyExc_TypeError, "string_value(tok: bytes)");
        return NULL;
    }
    const unsigned char *s = (const unsigned char *)PyBytes_AS_STRING(tok);
    Py_ssize_t n = PyBytes_GET_SIZE(tok);
    PyObject *out = PyBytes_FromStringAndSize(NULL, n);
    if (out == NULL) return NULL;
    Py_ssize_t w = string_bytes(s, n, (unsigned char *)PyBytes_AS_STRING(out));
    if (w < 0) {
        Py_DECREF(out);
        Py_RETURN_NONE;
    }
    if (_PyBytes_Resize(&out, w) < 0) return NULL;
    return out;
}

/* ---- show: show-text of a single-byte or Identity font, its runs in bulk -------------------------------
 *
 * show(items, shown, table, scale, tc, tcw, spacing, split_gap, budget, tracking, has_space)
 *   -> (pieces, pen, lost, glyphs), True, or None.
 *
 * What pagelift.content.interpreter.Interpreter._show does for a string operand list (Tj, TJ,
 * ', ") drawn with a single-byte or Identity-H/V font whose decoded glyphs are at hand, with no glyph
 * recognised from its shape and character spacing narrower than a word break: the Python
 * loop stays the reference and the fallback (a test holds the two together on random and
 * real streams). The font's tables are the LoadedFont's own (LoadedFont.native_tables):
 * `shown` maps a string token as written to its tuple of glyphs, `table` is the 256 glyph
 * tuples by code (None: not read yet) of a single-byte font, or the code cache (code |
 * nbytes << 32 -> glyph) of an Identity-H/V font, each glyph (text or None, width at size 1,
 * word spacing applies, vx, vy). `tracking` asks for interpreter.letter_spacing's test (a TJ of
 * more than six items, horizontal), `has_space` is the font's has_space (-1: not asked yet).
 *
 * Returns, per run, seven items of one flat list: where it starts along the baseline (text
 * space from where the show began), where it ends from there, its text, its segments (each
 * string's glyph tuple and the pen where it began: GlyphOffsets' input), how many of its glyphs
 * have text, whether one is unreadable, its first glyph's vx; then the pen after the show
 * (from where it began), the unreadable glyphs and the glyphs drawn. True: letter spacing
 * was found and the font's has_space is needed (call again with it). None: the Python loop
 * must draw this show (a glyph not read yet, a token it reads otherwise than as a number or a
 * string, the page's glyph budget reached, a value of an unexpected type). Numbers are read
 * exactly as float() reads them (PyOS_string_to_double); only plain decimal ones are taken. */

enum { ITEM_SKIP, ITEM_STRING, ITEM_NUMBER };
typedef struct { int kind; double value; PyObject *glyphs; } Item;

#define SHOWN_MAX_TOKEN 66   /* loaded._STRING_CACHE_MAX_BYTES + 2: the tokens LoadedFont.read_token keeps */
#define SHOWN_MAX 2048       /* loaded._STRING_CACHE_SIZE */
#define TRACKING_MAX 250.0   /* interpreter.TRACKING_MAX */

/* A plain decimal number ([+-]digits[.digits], a digit somewhere): what float() reads the same. */
static int plain_number(const unsigned char *s, Py_ssize_t n, double *value) {
    Py_ssize_t i = 0;
    int digits = 0, dot = 0;
    if (n > 0 && (s[0] == '+' || s[0] == '-')) i = 1;
    for (; i < n; i++) {
        if (s[i] >= '0' && s[i] <= '9') digits = 1;
        else if (s[i] == '.' && !dot) dot = 1;
        else return 0;
    }
    if (!digits || n > 64) return 0;
    char buf[72];
    memcpy(buf, s, (size_t)n);
    buf[n] = 0;
    char *stop = NULL;
    double v = PyOS_string_to_double(buf, &stop, NULL);
    if (v == -1.0 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    if (stop != buf + n) return 0;
    *value = v;
    return 1;
}

/* The glyph tuple of string token tok: from `shown`, else read through `table` (and kept in
 * `shown` as LoadedFont.read_token keeps it). A new reference; Py_None (new) for a token that
 * is no string; NULL with no exception set when a code is not read yet or a glyph is not as
 * expected; NULL with an exception on an error. */
static PyObject *glyphs_of(PyObject *tok, PyObject *shown, PyObject *table) {
    PyObject *found = PyDict_GetItemWithError(shown, tok);
    if (found != NULL) {
        if (!PyTuple_CheckExact(found)) return NULL;
        Py_INCREF(found);
        return found;
    }
    if (PyErr_Occurred()) return NULL;
    const unsigned char *s = (const unsigned char *)PyBytes_AS_STRING(tok);
    Py_ssize_t n = PyBytes_GET_SIZE(tok);
    unsigned char small[256];
    unsigned char *o = n <= (Py_ssize_t)sizeof(small) ? small : PyMem_Malloc((size_t)n);
    if (o == NULL) return PyErr_NoMemory();
    Py_ssize_t w = string_bytes(s, n, o);
    PyObject *out = NULL;
    if (w < 0) {
        Py_INCREF(Py_None);
        out = Py_None;
        goto done;
    }
    if (PyList_CheckExact(table)) {
        out = PyTuple_New(w);
        if (out == NULL) goto done;
        for (Py_ssize_t k = 0; k < w; k++) {
            PyObject *g = PyList_GET_ITEM(table, o[k]);
            if (g == Py_None) {  /* not read yet: the Python loop reads it (and fills the table) */
                Py_DECREF(out);
                out = NULL;
                goto done;
            }
            Py_INCREF(g);
            PyTuple_SET_ITEM(out, k, g);
        }
    } else {
        /* Identity-H/V: two bytes a code (a lone last byte a one-byte code, as cmap._split_pairs
         * splits), looked up in the font's code cache by code | nbytes << 32. */
        Py_ssize_t m = (w + 1) / 2;
        out = PyTuple_New(m);
        if (out == NULL) goto done;
        for (Py_ssize_t k = 0; k < m; k++) {
            long long code = 2 * k + 1 < w ? (((long long)o[2 * k] << 8) | o[2 * k + 1]) | (2LL << 32)
                                          : (long long)o[2 * k] | (1LL << 32);
            PyObject *key = PyLong_FromLongLong(code);
            if (key == NULL) {
                Py_CLEAR(out);
                goto done;
            }
            PyObject *g = PyDict_GetItemWithError(table, key);
            Py_DECREF(key);
            if (g == NULL || g == Py_None) {  /* not read yet (or an error, still set) */
                Py_CLEAR(out);
                goto done;
            }
            Py_INCREF(g);
            PyTuple_SET_ITEM(out, k, g);
        }
    }
    if (n <= SHOWN_MAX_TOKEN) {
        if (PyDict_GET_SIZE(shown) >= SHOWN_MAX) PyDict_Clear(shown);
        if (PyDict_SetItem(shown, tok, out) < 0) {
            Py_DECREF(out);
            out = NULL;
        }
    }
done:
    if (o != small) PyMem_Free(o);
    return out;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* interpreter.letter_spacing over the items read: the median gap, or -1 for none. */
static double letter_spacing(Item *items, Py_ssize_t n, double *gaps) {
    Py_ssize_t count = 0, strings = 0;
    int has_pending = 0;
    double pending = 0.0;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (items[i].kind == ITEM_STRING) {
            if (items[i].glyphs == NULL || PyTuple_GET_SIZE(items[i].glyphs) != 1) return -1.0;
            if (strings) {
                if (!has_pending) return -1.0;  /* two glyphs with no gap between them */
                gaps[count++] = pending;
            }
            strings++;
            has_pending = 0;
        } else if (items[i].kind == ITEM_NUMBER) {
            double value = -items[i].value;
            pending = has_pending ? pending + value : value;
            has_pending = 1;
        }
    }
    if (count < 3) return -1.0;
    for (Py_ssize_t i = 0; i < count; i++)
        if (gaps[i] != gaps[i]) return -2.0;  /* a NaN: Python's sort is the judge */
    qsort(gaps, (size_t)count, sizeof(double), compare_doubles);
    double median = gaps[count / 2];
    if (!(0 < median && median < TRACKING_MAX) || gaps[0] < 0.85 * median || gaps[count - 1] > 1.15 * median)
        return -1.0;
    return median;
}

/* Append one run's seven items to `flat`. */
static int emit_run(PyObject *flat, double base, double pen, PyObject *texts, PyObject *segments, Py_ssize_t pieces,
                    int unreadable, PyObject *first_vx) {
    PyObject *text;
    Py_ssize_t nt = PyList_GET_SIZE(texts);
    if (nt == 1) {
        text = PyList_GET_ITEM(texts, 0);
        Py_INCREF(text);
    } else {
        PyObject *empty = PyUnicode_New(0, 0);
        if (empty == NULL) return -1;
        text = PyUnicode_Join(empty, texts);
        Py_DECREF(empty);
        if (text == NULL) return -1;
    }
    PyObject *values[7] = {PyFloat_FromDouble(base), PyFloat_FromDouble(pen), text, segments,
                           PyLong_FromSsize_t(pieces), unreadable ? Py_True : Py_False, first_vx};
    int rc = (values[0] != NULL && values[1] != NULL && values[4] != NULL) ? 0 : -1;
    for (int k = 0; k < 7 && rc == 0; k++)
        if (PyList_Append(flat, values[k]) < 0) rc = -1;
    Py_XDECREF(values[0]);
    Py_XDECREF(values[1]);
    Py_DECREF(text);
    Py_XDECREF(values[4]);
    return rc;
}

static PyObject *show(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 11 || !PyDict_Check(args[1])
        || !((PyList_CheckExact(args[2]) && PyList_GET_SIZE(args[2]) == 256) || PyDict_CheckExact(args[2]))) {
        PyErr_SetString(PyExc_TypeError, "show(items, shown: dict, table: list of 256 or dict, scale, tc, tcw, "
                        "spacing, split_gap, budget, tracking, has_space)");
        return NULL;
    }
    PyObject *shown = args[1], *table = args[2];
    double scale = PyFloat_AsDouble(args[3]), tc = PyFloat_AsDouble(args[4]), tcw = PyFloat_AsDouble(args[5]);
    double spacing = PyFloat_AsDouble(args[6]), split_gap = PyFloat_AsDouble(args[7]);
    Py_ssize_t budget = PyLong_AsSsize_t(args[8]);
    int tracking = PyObject_IsTrue(args[9]);
    long has_space = PyLong_AsLong(args[10]);
    if (PyErr_Occurred()) return NULL;
    PyObject *seq = PySequence_Fast(args[0], "show: items is a list or a tuple");
    if (seq == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    PyObject **toks = PySequence_Fast_ITEMS(seq);
    Item *items = PyMem_Calloc((size_t)(n ? n : 1), sizeof(Item));
    double *gaps = PyMem_Malloc(sizeof(double) * (size_t)(n ? n : 1));
    PyObject *result = NULL, *flat = NULL, *texts = NULL, *segments = NULL, *first_vx = NULL;
    if (items == NULL || gaps == NULL) {
        PyErr_NoMemory();
        goto finish;
    }
    /* Read every item first: strings into their glyphs, numbers into values. */
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *tok = toks[i];
        if (!PyBytes_CheckExact(tok) || PyBytes_GET_SIZE(tok) == 0) goto fallback;
        const unsigned char *s = (const unsigned char *)PyBytes_AS_STRING(tok);
        Py_ssize_t len = PyBytes_GET_SIZE(tok);
        if (s[0] == '(' || s[0] == '<') {
            PyObject *g = glyphs_of(tok, shown, table);
            if (g == NULL) {
                if (PyErr_Occurred()) goto finish;
                goto fallback;
            }
            items[i].kind = ITEM_STRING;
            if (g == Py_None) {
                Py_DECREF(g);  /* "<<": no string (letter_spacing's None, _show skips it) */
            } else {
                items[i].glyphs = g;
            }
        } else if (s[0] == '[' || s[0] == ']') {
            items[i].kind = ITEM_SKIP;
        } else {
            if (!plain_number(s, len, &items[i].value)) goto fallback;
            items[i].kind = ITEM_NUMBER;
        }
    }
    if (tracking) {
        double median = letter_spacing(items, n, gaps);
        if (median == -2.0) goto fallback;
        if (median >= 0) {
            if (has_space < 0) {
                result = Py_True;
                Py_INCREF(result);
                goto finish;
            }
            if (has_space) {
                double wider = 1.25 * median * 0.001 * scale;
                if (wider > split_gap) split_gap = wider;
            }
        }
    }
    flat = PyList_New(0);
    texts = PyList_New(0);
    segments = PyList_New(0);
    if (flat == NULL || texts == NULL || segments == NULL) goto finish;
    double base = 0.0, pen = 0.0;
    Py_ssize_t drawn = 0, pieces = 0, lost = 0, count = 0;
    int unreadable = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        Item *item = &items[i];
        if (item->kind == ITEM_STRING) {
            PyObject *g = item->glyphs;
            if (g == NULL) continue;
            Py_ssize_t m = PyTuple_GET_SIZE(g);
            if (m > budget - count) goto fallback;  /* the page's glyph limit: the Python loop says so */
            count += m;
            if (m == 0) continue;
            /* Every glyph as LoadedFont makes them, else the Python loop. */
            for (Py_ssize_t k = 0; k < m; k++) {
                PyObject *glyph = PyTuple_GET_ITEM(g, k);
                if (!PyTuple_CheckExact(glyph) || PyTuple_GET_SIZE(glyph) != 5) goto fallback;
                PyObject *text = PyTuple_GET_ITEM(glyph, 0);
                if ((text != Py_None && !PyUnicode_CheckExact(text)) || !PyFloat_CheckExact(PyTuple_GET_ITEM(glyph, 1))
                    || !PyBool_Check(PyTuple_GET_ITEM(glyph, 2)))
                    goto fallback;
            }
            if (!drawn) {
                base += pen;
                pen = 0.0;
                Py_XDECREF(first_vx);
                first_vx = PyTuple_GET_ITEM(PyTuple_GET_ITEM(g, 0), 3);
                Py_INCREF(first_vx);
            }
            drawn += m;
            PyObject *at = PyFloat_FromDouble(pen);
            if (at == NULL) goto finish;
            int rc = PyList_Append(segments, g) < 0 || PyList_Append(segments, at) < 0;
            Py_DECREF(at);
            if (rc) goto finish;
            for (Py_ssize_t k = 0; k < m; k++) {
                PyObject *glyph = PyTuple_GET_ITEM(g, k);
                PyObject *text = PyTuple_GET_ITEM(glyph, 0);
                double adv = PyFloat_AS_DOUBLE(PyTuple_GET_ITEM(glyph, 1)) * scale;
                if (text == Py_None) {
                    unreadable = 1;
                    lost++;
                } else if (PyUnicode_GET_LENGTH(text) > 0) {
                    if (PyList_Append(texts, text) < 0) goto finish;
                    pieces++;
                }
                pen += adv + (PyTuple_GET_ITEM(glyph, 2) == Py_True ? tcw : tc) * spacing;
            }
        } else if (item->kind == ITEM_NUMBER) {
            double shift = -item->value * 0.001 * scale;
            if (drawn && (shift > split_gap || shift < -split_gap)) {
                /* A wide TJ gap ends the run, so the line rule decides whether it is a space. */
                if (emit_run(flat, base, pen, texts, segments, pieces, unreadable, first_vx) < 0) goto finish;
                Py_SETREF(texts, PyList_New(0));
                Py_SETREF(segments, PyList_New(0));
                if (texts == NULL || segments == NULL) goto finish;
                pieces = drawn = 0;
                unreadable = 0;
            }
            pen += shift;
        }
    }
    if (drawn && emit_run(flat, base, pen, texts, segments, pieces, unreadable, first_vx) < 0) goto finish;
    pen += base;
    result = Py_BuildValue("(Odnn)", flat, pen, lost, count);
    goto finish;
fallback:
    if (!PyErr_Occurred()) {
        result = Py_None;
        Py_INCREF(result);
    }
finish:
    if (items != NULL)
        for (Py_ssize_t i = 0; i < n; i++) Py_XDECREF(items[i].glyphs);
    PyMem_Free(items);
    PyMem_Free(gaps);
    Py_XDECREF(flat);
    Py_XDECREF(texts);
    Py_XDECREF(segments);
    Py_XDECREF(first_vx);
    Py_DECREF(seq);
    return result;
}

static PyMethodDef methods[] = {
    {"findall", (PyCFunction)(void (*)(void))findall, METH_FASTCALL,
     "findall(data, pos, end) -> list of bytes: the tokens of data[pos:end], as the lexer's pattern finds them."},
    {"scan", (PyCFunction)(void (*)(void))scan, METH_FASTCALL,
     "scan(data, pos, end, operators) -> list of tokens or None: what lexer.scan_reference gives."},
    {"show", (PyCFunction)(void (*)(void))show, METH_FASTCALL,
     "show(items, shown, table, scale, tc, tcw, spacing, split_gap, budget, tracking, has_space): "
     "Interpreter._show's runs for a single-byte font, in bulk, or None (the Python loop draws it)."},
    {"string_value", (PyCFunction)string_value, METH_O,
     "string_value(tok) -> bytes or None: what lexer.python_string_value gives."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "pagelift.content._tokenize",
    "The content-stream tokenizer's fast pass in C (see pagelift.content.lexer).", -1, methods,
};

PyMODINIT_FUNC PyInit__tokenize(void) {
    init_tables();
    for (int b = 0; b < 256; b++) {
        char byte = (char)b;
        single[b] = PyBytes_FromStringAndSize(&byte, 1);
        if (single[b] == NULL) return NULL;
    }
    return PyModule_Create(&module_def);
}
