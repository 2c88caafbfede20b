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

static PyObject *string_value(PyObject *module, PyObject *tok) {
    if (!PyBytes_Check(tok)) {
        PyErr_SetString(PyExc_TypeError, "string_value(tok: bytes)");
        return NULL;
    }
    const unsigned char *s = (const unsigned char *)PyBytes_AS_STRING(tok);
    Py_ssize_t n = PyBytes_GET_SIZE(tok);
    if (n < 1 || (s[0] != '(' && s[0] != '<') || (s[0] == '<' && n > 1 && s[1] == '<')) Py_RETURN_NONE;
    const unsigned char *body = s + 1;
    Py_ssize_t len = n > 2 ? n - 2 : 0;
    PyObject *out = PyBytes_FromStringAndSize(NULL, s[0] == '(' ? len : len / 2 + 1);
    if (out == NULL) return NULL;
    unsigned char *o = (unsigned char *)PyBytes_AS_STRING(out);
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
    if (_PyBytes_Resize(&out, w) < 0) return NULL;
    return out;
}

static PyMethodDef methods[] = {
    {"findall", (PyCFunction)(void (*)(void))findall, METH_FASTCALL,
     "findall(data, pos, end) -> list of bytes: the tokens of data[pos:end], as the lexer's pattern finds them."},
    {"scan", (PyCFunction)(void (*)(void))scan, METH_FASTCALL,
     "scan(data, pos, end, operators) -> list of tokens or None: what lexer.scan_reference gives."},
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
