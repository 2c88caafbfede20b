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

static PyMethodDef methods[] = {
    {"findall", (PyCFunction)(void (*)(void))findall, METH_FASTCALL,
     "findall(data, pos, end) -> list of bytes: the tokens of data[pos:end], as the lexer's pattern finds them."},
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
