/*
 * wellness._codec: the wheel's own JSON reader and writer for the wrapper's
 * calls, used where orjson cannot be imported.
 *
 * Why by hand: the json module alone takes about 1.2 us to write a small call's
 * document and read its result, more than the wrapper's whole 1 us budget, and
 * orjson (a dependency of the wheel, and the first choice) has no build for
 * every platform the wheel installs on. This codec is deliberately narrow, so
 * that it can be exactly right:
 *
 * - dumps writes only exact dicts (str keys), lists, tuples, str, int (64-bit),
 *   finite float, bool and None, plus whatever `default` turns other objects
 *   into, byte for byte as json.dumps(ensure_ascii=False, allow_nan=False,
 *   separators=(",", ":")) does. Anything else (a subclass, a key not str, an
 *   int past 64 bits, NaN, a lone surrogate, a cycle, an error in `default`)
 *   raises EncodeError, and the caller hands the document to the json module,
 *   which writes it or names what is wrong.
 * - loads reads strict UTF-8 JSON into the values json.loads gives. What it
 *   does not read (NaN literals, a lone surrogate, bytes that are not strict
 *   UTF-8, trailing text, nesting past MAX_DEPTH) raises DecodeError, and the
 *   caller hands the bytes to the json module.
 *
 * Built against the stable ABI of 3.10, so one build serves every CPython the
 * wheel installs on: of what it uses, only the METH_FASTCALL convention and
 * PyUnicode_AsUTF8AndSize joined the stable ABI in 3.10, and 3.9 has both
 * (tested on 3.9 to 3.13). Where it cannot load (PyPy, free-threaded builds)
 * the wrapper uses the json module.
 */
#define Py_LIMITED_API 0x030A0000
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <math.h>
#include <stdint.h>
#include <string.h>

/* Deeper documents go to the json module, which has its own recursion limit. */
#define MAX_DEPTH 512

static PyObject *EncodeError;
static PyObject *DecodeError;

/* ------------------------------------------------------------------ writer */

typedef struct {
    char *data;
    Py_ssize_t length;
    Py_ssize_t capacity;
    int on_heap;
    char initial[512];
} Writer;

static void writer_init(Writer *w) {
    w->data = w->initial;
    w->length = 0;
    w->capacity = (Py_ssize_t)sizeof w->initial;
    w->on_heap = 0;
}

static void writer_free(Writer *w) {
    if (w->on_heap) {
        PyMem_Free(w->data);
    }
}

static int writer_reserve(Writer *w, Py_ssize_t extra) {
    if (extra <= w->capacity - w->length) {
        return 0;
    }
    if (extra > PY_SSIZE_T_MAX - w->length) {
        PyErr_NoMemory();
        return -1;
    }
    Py_ssize_t needed = w->length + extra;
    Py_ssize_t capacity = w->capacity;
    while (capacity < needed) {
        capacity = capacity > PY_SSIZE_T_MAX / 2 ? needed : capacity * 2;
    }
    char *data = w->on_heap ? PyMem_Realloc(w->data, (size_t)capacity) : PyMem_Malloc((size_t)capacity);
    if (data == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    if (!w->on_heap) {
        memcpy(data, w->initial, (size_t)w->length);
    }
    w->data = data;
    w->capacity = capacity;
    w->on_heap = 1;
    return 0;
}

static int write_bytes(Writer *w, const char *bytes, Py_ssize_t count) {
    if (writer_reserve(w, count) < 0) {
        return -1;
    }
    memcpy(w->data + w->length, bytes, (size_t)count);
    w->length += count;
    return 0;
}

static int write_byte(Writer *w, char byte) {
    if (w->length == w->capacity && writer_reserve(w, 1) < 0) {
        return -1;
    }
    w->data[w->length++] = byte;
    return 0;
}

/* Bytes a JSON string cannot hold as they are: the quote, the backslash and the control characters. */
static const unsigned char needs_escape[256] = {
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0,
};

/* As the json module's encoder with ensure_ascii=False: quote, backslash and control characters
 * escaped (the short forms where JSON has one, else \u00xx in lowercase hex), everything else as its
 * UTF-8, copied a run at a time. */
static int write_string(Writer *w, PyObject *text) {
    static const char hex[] = "0123456789abcdef";
    Py_ssize_t size;
    const char *utf8 = PyUnicode_AsUTF8AndSize(text, &size);
    if (utf8 == NULL) {
        return -1; /* a lone surrogate */
    }
    if (size > PY_SSIZE_T_MAX - 8 || writer_reserve(w, size + 2) < 0) {
        if (!PyErr_Occurred()) {
            PyErr_NoMemory();
        }
        return -1;
    }
    char *out = w->data + w->length;
    *out++ = '"';
    Py_ssize_t i = 0;
    for (;;) {
        Py_ssize_t run = i;
        while (run < size && !needs_escape[(unsigned char)utf8[run]]) {
            run++;
        }
        memcpy(out, utf8 + i, (size_t)(run - i));
        out += run - i;
        i = run;
        if (i == size) {
            break;
        }
        /* Room for the rest of the text, this escape (at most 6 bytes) and the closing quote. */
        w->length = out - w->data;
        if (writer_reserve(w, (size - i) + 7) < 0) {
            return -1;
        }
        out = w->data + w->length;
        unsigned char c = (unsigned char)utf8[i++];
        *out++ = '\\';
        switch (c) {
        case '"': *out++ = '"'; break;
        case '\\': *out++ = '\\'; break;
        case '\n': *out++ = 'n'; break;
        case '\r': *out++ = 'r'; break;
        case '\t': *out++ = 't'; break;
        case '\b': *out++ = 'b'; break;
        case '\f': *out++ = 'f'; break;
        default:
            *out++ = 'u';
            *out++ = '0';
            *out++ = '0';
            *out++ = hex[c >> 4];
            *out++ = hex[c & 0xF];
        }
    }
    *out++ = '"';
    w->length = out - w->data;
    return 0;
}

static int write_int(Writer *w, PyObject *number) {
    int overflow = 0;
    long long value = PyLong_AsLongLongAndOverflow(number, &overflow);
    if (overflow != 0) {
        PyErr_SetString(EncodeError, "an int past 64 bits");
        return -1;
    }
    if (value == -1 && PyErr_Occurred()) {
        return -1;
    }
    /* Digits from the right; the magnitude as unsigned, which holds -2**63 too. */
    char digits[24];
    char *end = digits + sizeof digits;
    char *start = end;
    unsigned long long magnitude = value < 0 ? 0ULL - (unsigned long long)value : (unsigned long long)value;
    do {
        *--start = (char)('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude != 0);
    if (value < 0) {
        *--start = '-';
    }
    return write_bytes(w, start, end - start);
}

/* float.__repr__ (which is this call), as the json module writes floats: the shortest text that reads
 * back to the same bits. */
static int write_float(Writer *w, PyObject *number) {
    double value = PyFloat_AsDouble(number);
    if (!isfinite(value)) {
        PyErr_SetString(EncodeError, "NaN or infinity");
        return -1;
    }
    char *text = PyOS_double_to_string(value, 'r', 0, Py_DTSF_ADD_DOT_0, NULL);
    if (text == NULL) {
        return -1;
    }
    int status = write_bytes(w, text, (Py_ssize_t)strlen(text));
    PyMem_Free(text);
    return status;
}

static int write_value(Writer *w, PyObject *value, PyObject *fallback, int depth);

static int write_dict(Writer *w, PyObject *dict, PyObject *fallback, int depth) {
    if (write_byte(w, '{') < 0) {
        return -1;
    }
    Py_ssize_t position = 0;
    PyObject *key, *item;
    int first = 1;
    while (PyDict_Next(dict, &position, &key, &item)) {
        if (!PyUnicode_CheckExact(key)) {
            PyErr_SetString(EncodeError, "a key that is not str");
            return -1;
        }
        /* `fallback` may run Python code that changes the dict: hold what is being written. */
        Py_INCREF(key);
        Py_INCREF(item);
        int status = (first ? 0 : write_byte(w, ',')) < 0 || write_string(w, key) < 0 || write_byte(w, ':') < 0 ||
                     write_value(w, item, fallback, depth + 1) < 0;
        Py_DECREF(key);
        Py_DECREF(item);
        if (status) {
            return -1;
        }
        first = 0;
    }
    return write_byte(w, '}');
}

static int write_sequence(Writer *w, PyObject *sequence, int is_list, PyObject *fallback, int depth) {
    if (write_byte(w, '[') < 0) {
        return -1;
    }
    /* The length is read again each time round: `fallback` may shorten a list. */
    for (Py_ssize_t i = 0; i < (is_list ? PyList_Size(sequence) : PyTuple_Size(sequence)); i++) {
        PyObject *item = is_list ? PyList_GetItem(sequence, i) : PyTuple_GetItem(sequence, i);
        if (item == NULL) {
            return -1;
        }
        Py_INCREF(item);
        int status = (i > 0 && write_byte(w, ',') < 0) || write_value(w, item, fallback, depth + 1) < 0;
        Py_DECREF(item);
        if (status) {
            return -1;
        }
    }
    return write_byte(w, ']');
}

/* A subclass of a type JSON writes is written by the json module its own way (an IntEnum as its
 * int, a str subclass as its text): such values are left to it. */
static int is_subclass_of_written_type(PyObject *value) {
    unsigned long flags = PyType_GetFlags(Py_TYPE(value));
    return (flags & (Py_TPFLAGS_LONG_SUBCLASS | Py_TPFLAGS_LIST_SUBCLASS | Py_TPFLAGS_TUPLE_SUBCLASS |
                     Py_TPFLAGS_UNICODE_SUBCLASS | Py_TPFLAGS_DICT_SUBCLASS)) != 0 ||
           PyFloat_Check(value);
}

static int write_value(Writer *w, PyObject *value, PyObject *fallback, int depth) {
    if (depth > MAX_DEPTH) {
        PyErr_SetString(EncodeError, "nested too deep (or a cycle)");
        return -1;
    }
    if (PyUnicode_CheckExact(value)) {
        return write_string(w, value);
    }
    if (PyDict_CheckExact(value)) {
        return write_dict(w, value, fallback, depth);
    }
    if (PyLong_CheckExact(value)) {
        return write_int(w, value);
    }
    if (PyFloat_CheckExact(value)) {
        return write_float(w, value);
    }
    if (PyList_CheckExact(value)) {
        return write_sequence(w, value, 1, fallback, depth);
    }
    if (value == Py_None) {
        return write_bytes(w, "null", 4);
    }
    if (value == Py_True) {
        return write_bytes(w, "true", 4);
    }
    if (value == Py_False) {
        return write_bytes(w, "false", 5);
    }
    if (PyTuple_CheckExact(value)) {
        return write_sequence(w, value, 0, fallback, depth);
    }
    if (fallback == NULL || is_subclass_of_written_type(value)) {
        PyErr_SetString(EncodeError, "a value this codec does not write");
        return -1;
    }
    PyObject *converted = PyObject_CallFunctionObjArgs(fallback, value, NULL);
    if (converted == NULL) {
        return -1;
    }
    int status = write_value(w, converted, fallback, depth + 1);
    Py_DECREF(converted);
    return status;
}

/* dumps(document, /, default=None, option=0) -> bytes; `option` is accepted, and ignored, so that one call
 * site serves orjson and this codec. */
static PyObject *codec_dumps(PyObject *module, PyObject *const *args, Py_ssize_t positional, PyObject *names) {
    (void)module;
    PyObject *fallback = NULL;
    if (names != NULL) {
        Py_ssize_t named = PyTuple_Size(names);
        for (Py_ssize_t i = 0; i < named; i++) {
            PyObject *name = PyTuple_GetItem(names, i);
            if (name == NULL) {
                return NULL;
            }
            if (PyUnicode_CompareWithASCIIString(name, "default") == 0) {
                fallback = args[positional + i];
            } else if (PyUnicode_CompareWithASCIIString(name, "option") != 0) {
                PyErr_Format(PyExc_TypeError, "dumps() got an unexpected keyword argument %S", name);
                return NULL;
            }
        }
    }
    if (positional != 1) {
        PyErr_SetString(PyExc_TypeError, "dumps() takes exactly one positional argument, the document");
        return NULL;
    }
    if (fallback == Py_None) {
        fallback = NULL;
    }
    Writer w;
    writer_init(&w);
    PyObject *result = NULL;
    if (write_value(&w, args[0], fallback, 0) == 0) {
        result = PyBytes_FromStringAndSize(w.data, w.length);
    }
    writer_free(&w);
    /* KeyboardInterrupt and SystemExit (not Exception) go up as they are: run again by the json module,
     * `default` would not meet them a second time. */
    if (result == NULL && PyErr_ExceptionMatches(PyExc_Exception) && !PyErr_ExceptionMatches(EncodeError)) {
        /* Whatever went wrong (a lone surrogate, an error in `default`, a RecursionError) is for the
         * json module to report, with its path: chained here for whoever looks. */
        PyObject *type, *value, *traceback;
        PyErr_Fetch(&type, &value, &traceback);
        PyErr_NormalizeException(&type, &value, &traceback);
        PyErr_SetString(EncodeError, "left to the json module");
        PyObject *etype, *evalue, *etraceback;
        PyErr_Fetch(&etype, &evalue, &etraceback);
        PyErr_NormalizeException(&etype, &evalue, &etraceback);
        if (evalue != NULL && value != NULL) {
            PyException_SetCause(evalue, value); /* steals `value` */
            value = NULL;
        }
        PyErr_Restore(etype, evalue, etraceback);
        Py_XDECREF(type);
        Py_XDECREF(value);
        Py_XDECREF(traceback);
    }
    return result;
}

/* ------------------------------------------------------------------ reader */

typedef struct {
    const char *start;
    const char *at;
    const char *end;
} Reader;

static PyObject *refuse(Reader *r, const char *what) {
    if (PyErr_Occurred()) {
        if (PyErr_ExceptionMatches(DecodeError)) {
            return NULL;
        }
        /* A value Python would not make (an int of too many digits): the json module says why. */
        PyErr_Clear();
    }
    PyErr_Format(DecodeError, "%s at byte %zd", what, (Py_ssize_t)(r->at - r->start));
    return NULL;
}

static void skip_space(Reader *r) {
    while (r->at < r->end && (*r->at == ' ' || *r->at == '\n' || *r->at == '\r' || *r->at == '\t')) {
        r->at++;
    }
}

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Four hex digits after "\u", or -1. */
static long read_hex4(const char *p, const char *end) {
    if (end - p < 4) {
        return -1;
    }
    long value = 0;
    for (int i = 0; i < 4; i++) {
        int digit = hex_digit(p[i]);
        if (digit < 0) {
            return -1;
        }
        value = value * 16 + digit;
    }
    return value;
}

static char *put_utf8(char *out, unsigned long code) {
    if (code < 0x80) {
        *out++ = (char)code;
    } else if (code < 0x800) {
        *out++ = (char)(0xC0 | (code >> 6));
        *out++ = (char)(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        *out++ = (char)(0xE0 | (code >> 12));
        *out++ = (char)(0x80 | ((code >> 6) & 0x3F));
        *out++ = (char)(0x80 | (code & 0x3F));
    } else {
        *out++ = (char)(0xF0 | (code >> 18));
        *out++ = (char)(0x80 | ((code >> 12) & 0x3F));
        *out++ = (char)(0x80 | ((code >> 6) & 0x3F));
        *out++ = (char)(0x80 | (code & 0x3F));
    }
    return out;
}

/* Keys repeat from call to call ("tip", "priority_level", "timestamp"): the str of a short key is kept
 * and shared, which saves making it and hashing it (a third of reading a small result). Direct-mapped
 * by an FNV-1a hash of its bytes; a clash replaces the entry. The module loads only where the GIL
 * guards it (its stable ABI build does not load in free-threaded Python). */
#define KEY_CACHE_SIZE 1024
#define KEY_CACHE_LONGEST 64

typedef struct {
    PyObject *text;
    Py_ssize_t length;
    char bytes[KEY_CACHE_LONGEST];
} CachedKey;

static CachedKey key_cache[KEY_CACHE_SIZE];

static PyObject *cached_key(const char *bytes, Py_ssize_t length) {
    if (length > KEY_CACHE_LONGEST) {
        return PyUnicode_DecodeUTF8(bytes, length, NULL);
    }
    uint32_t hash = 2166136261u;
    for (Py_ssize_t i = 0; i < length; i++) {
        hash = (hash ^ (unsigned char)bytes[i]) * 16777619u;
    }
    CachedKey *entry = &key_cache[hash % KEY_CACHE_SIZE];
    if (entry->text != NULL && entry->length == length && memcmp(entry->bytes, bytes, (size_t)length) == 0) {
        Py_INCREF(entry->text);
        return entry->text;
    }
    PyObject *text = PyUnicode_DecodeUTF8(bytes, length, NULL);
    if (text == NULL) {
        return NULL;
    }
    Py_XDECREF(entry->text);
    Py_INCREF(text);
    entry->text = text;
    entry->length = length;
    memcpy(entry->bytes, bytes, (size_t)length);
    return text;
}

/* A string whose opening quote `r->at` is past; the UTF-8 is checked strictly by the str's making. */
static PyObject *read_string(Reader *r, int is_key) {
    const char *begin = r->at;
    const char *p = begin;
    while (p < r->end && *p != '"' && *p != '\\' && (unsigned char)*p >= 0x20) {
        p++;
    }
    if (p < r->end && *p == '"') {
        r->at = p + 1;
        PyObject *text = is_key ? cached_key(begin, p - begin) : PyUnicode_DecodeUTF8(begin, p - begin, NULL);
        return text != NULL ? text : refuse(r, "text that is not strict UTF-8");
    }
    /* Escapes: the unescaped text is never longer than the escaped one, which ends at the first quote
     * not escaped (or at the end of the bytes). */
    const char *close = p;
    while (close < r->end && *close != '"') {
        close += *close == '\\' ? 2 : 1;
    }
    Writer w;
    writer_init(&w);
    if (writer_reserve(&w, (close < r->end ? close : r->end) - begin) < 0) {
        return NULL;
    }
    char *out = w.data;
    p = begin;
    while (p < r->end && *p != '"') {
        unsigned char c = (unsigned char)*p;
        if (c < 0x20) {
            writer_free(&w);
            r->at = p;
            return refuse(r, "a control character in a string");
        }
        if (c != '\\') {
            *out++ = (char)c;
            p++;
            continue;
        }
        if (r->end - p < 2) {
            break;
        }
        char escaped = p[1];
        p += 2;
        switch (escaped) {
        case '"': *out++ = '"'; continue;
        case '\\': *out++ = '\\'; continue;
        case '/': *out++ = '/'; continue;
        case 'b': *out++ = '\b'; continue;
        case 'f': *out++ = '\f'; continue;
        case 'n': *out++ = '\n'; continue;
        case 'r': *out++ = '\r'; continue;
        case 't': *out++ = '\t'; continue;
        case 'u': break;
        default:
            writer_free(&w);
            r->at = p - 2;
            return refuse(r, "an unknown escape");
        }
        long code = read_hex4(p, r->end);
        if (code < 0) {
            writer_free(&w);
            r->at = p;
            return refuse(r, "a \\u escape without four hex digits");
        }
        p += 4;
        if (code >= 0xD800 && code <= 0xDBFF) {
            long low = (r->end - p >= 6 && p[0] == '\\' && p[1] == 'u') ? read_hex4(p + 2, r->end) : -1;
            if (low < 0xDC00 || low > 0xDFFF) {
                writer_free(&w);
                r->at = p;
                return refuse(r, "a lone surrogate");
            }
            p += 6;
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
        } else if (code >= 0xDC00 && code <= 0xDFFF) {
            writer_free(&w);
            r->at = p;
            return refuse(r, "a lone surrogate");
        }
        /* "\uXXXX" is 6 bytes and writes at most 3; a pair is 12 and writes 4. */
        out = put_utf8(out, (unsigned long)code);
    }
    if (p >= r->end || *p != '"') {
        writer_free(&w);
        r->at = p;
        return refuse(r, "an unterminated string");
    }
    r->at = p + 1;
    PyObject *text = PyUnicode_DecodeUTF8(w.data, out - w.data, NULL);
    writer_free(&w);
    return text != NULL ? text : refuse(r, "text that is not strict UTF-8");
}

static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* JSON's number grammar exactly; ints as Python ints, the others through float() as json.loads reads them. */
static PyObject *read_number(Reader *r) {
    const char *begin = r->at;
    const char *p = begin;
    if (p < r->end && *p == '-') {
        p++;
    }
    if (p >= r->end || !is_digit(*p)) {
        return refuse(r, "an unexpected character");
    }
    if (*p == '0') {
        p++;
    } else {
        while (p < r->end && is_digit(*p)) p++;
    }
    int integral = 1;
    if (p < r->end && *p == '.') {
        p++;
        if (p >= r->end || !is_digit(*p)) return refuse(r, "a number without digits after its point");
        while (p < r->end && is_digit(*p)) p++;
        integral = 0;
    }
    if (p < r->end && (*p == 'e' || *p == 'E')) {
        p++;
        if (p < r->end && (*p == '+' || *p == '-')) p++;
        if (p >= r->end || !is_digit(*p)) return refuse(r, "a number without exponent digits");
        while (p < r->end && is_digit(*p)) p++;
        integral = 0;
    }
    r->at = p;
    Py_ssize_t length = p - begin;
    if (integral && length <= 18) {
        long long value = 0;
        const char *d = begin[0] == '-' ? begin + 1 : begin;
        for (; d < p; d++) value = value * 10 + (*d - '0');
        return PyLong_FromLongLong(begin[0] == '-' ? -value : value);
    }
    if (!integral && length < 64) {
        /* float()'s own reading (correctly rounded, whatever the locale; past the range, an infinity
         * as float() gives), from a NUL-ended copy. */
        char copy[64];
        memcpy(copy, begin, (size_t)length);
        copy[length] = '\0';
        char *stop = NULL;
        double value = PyOS_string_to_double(copy, &stop, NULL);
        if (value == -1.0 && PyErr_Occurred()) {
            return refuse(r, "a number Python does not read");
        }
        if (stop != copy + length) {
            return refuse(r, "a number Python does not read");
        }
        return PyFloat_FromDouble(value);
    }
    PyObject *text = PyBytes_FromStringAndSize(begin, length);
    if (text == NULL) {
        return NULL;
    }
    PyObject *number;
    if (integral) {
        /* PyBytes' buffer ends with a NUL, as PyLong_FromString needs. */
        number = PyLong_FromString(PyBytes_AsString(text), NULL, 10);
    } else {
        number = PyFloat_FromString(text);
    }
    Py_DECREF(text);
    return number != NULL ? number : refuse(r, "a number Python does not read");
}

static PyObject *read_value(Reader *r, int depth);

static PyObject *read_object(Reader *r, int depth) {
    PyObject *object = PyDict_New();
    if (object == NULL) {
        return NULL;
    }
    skip_space(r);
    if (r->at < r->end && *r->at == '}') {
        r->at++;
        return object;
    }
    for (;;) {
        skip_space(r);
        if (r->at >= r->end || *r->at != '"') {
            Py_DECREF(object);
            return refuse(r, "an object's key is not a string");
        }
        r->at++;
        PyObject *key = read_string(r, 1);
        if (key == NULL) {
            Py_DECREF(object);
            return NULL;
        }
        skip_space(r);
        if (r->at >= r->end || *r->at != ':') {
            Py_DECREF(key);
            Py_DECREF(object);
            return refuse(r, "no colon after an object's key");
        }
        r->at++;
        PyObject *value = read_value(r, depth + 1);
        if (value == NULL) {
            Py_DECREF(key);
            Py_DECREF(object);
            return NULL;
        }
        int status = PyDict_SetItem(object, key, value);
        Py_DECREF(key);
        Py_DECREF(value);
        if (status < 0) {
            Py_DECREF(object);
            return NULL;
        }
        skip_space(r);
        if (r->at < r->end && *r->at == ',') {
            r->at++;
            continue;
        }
        if (r->at < r->end && *r->at == '}') {
            r->at++;
            return object;
        }
        Py_DECREF(object);
        return refuse(r, "no comma or closing brace in an object");
    }
}

static PyObject *read_array(Reader *r, int depth) {
    PyObject *array = PyList_New(0);
    if (array == NULL) {
        return NULL;
    }
    skip_space(r);
    if (r->at < r->end && *r->at == ']') {
        r->at++;
        return array;
    }
    for (;;) {
        PyObject *value = read_value(r, depth + 1);
        if (value == NULL) {
            Py_DECREF(array);
            return NULL;
        }
        int status = PyList_Append(array, value);
        Py_DECREF(value);
        if (status < 0) {
            Py_DECREF(array);
            return NULL;
        }
        skip_space(r);
        if (r->at < r->end && *r->at == ',') {
            r->at++;
            continue;
        }
        if (r->at < r->end && *r->at == ']') {
            r->at++;
            return array;
        }
        Py_DECREF(array);
        return refuse(r, "no comma or closing bracket in an array");
    }
}

static PyObject *read_literal(Reader *r, const char *literal, Py_ssize_t length, PyObject *value) {
    if (r->end - r->at < length || memcmp(r->at, literal, (size_t)length) != 0) {
        return refuse(r, "an unexpected character");
    }
    r->at += length;
    Py_INCREF(value);
    return value;
}

static PyObject *read_value(Reader *r, int depth) {
    if (depth > MAX_DEPTH) {
        return refuse(r, "nesting deeper than this codec reads");
    }
    skip_space(r);
    if (r->at >= r->end) {
        return refuse(r, "the end of the text where a value was expected");
    }
    switch (*r->at) {
    case '{': r->at++; return read_object(r, depth);
    case '[': r->at++; return read_array(r, depth);
    case '"': r->at++; return read_string(r, 0);
    case 't': return read_literal(r, "true", 4, Py_True);
    case 'f': return read_literal(r, "false", 5, Py_False);
    case 'n': return read_literal(r, "null", 4, Py_None);
    default: return read_number(r);
    }
}

/* loads(data: bytes) -> object */
static PyObject *codec_loads(PyObject *module, PyObject *data) {
    (void)module;
    char *bytes;
    Py_ssize_t size;
    if (PyBytes_AsStringAndSize(data, &bytes, &size) < 0) {
        return NULL;
    }
    Reader r = {bytes, bytes, bytes + size};
    PyObject *value = read_value(&r, 0);
    if (value == NULL) {
        return NULL;
    }
    skip_space(&r);
    if (r.at != r.end) {
        Py_DECREF(value);
        return refuse(&r, "text after the value");
    }
    return value;
}

/* ------------------------------------------------------------------ module */

static PyMethodDef codec_methods[] = {
    {"dumps", (PyCFunction)(void (*)(void))codec_dumps, METH_FASTCALL | METH_KEYWORDS,
     "dumps(document, /, default=None, option=0) -> bytes\n--\n\n"
     "Compact JSON as json.dumps(ensure_ascii=False, allow_nan=False) writes it, for the values this codec "
     "writes; EncodeError for the others. `option` is ignored."},
    {"loads", codec_loads, METH_O,
     "loads(data, /) -> object\n--\n\nThe value json.loads reads from strict UTF-8 JSON bytes; DecodeError "
     "for what this codec does not read."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef codec_module = {
    PyModuleDef_HEAD_INIT, "wellness._codec",
    "The wheel's JSON reader and writer for small calls, used where orjson cannot be imported.", -1,
    codec_methods, NULL, NULL, NULL, NULL,
};

/* A ValueError subclass in the module and in `*slot` (PyModule_AddObject, there since 3.2, takes the
 * module's reference on success). */
static int add_exception(PyObject *module, const char *qualified_name, const char *name, PyObject **slot) {
    PyObject *type = PyErr_NewException(qualified_name, PyExc_ValueError, NULL);
    if (type == NULL) {
        return -1;
    }
    Py_INCREF(type);
    if (PyModule_AddObject(module, name, type) < 0) {
        Py_DECREF(type);
        Py_DECREF(type);
        return -1;
    }
    *slot = type;
    return 0;
}

PyMODINIT_FUNC PyInit__codec(void) {
    PyObject *module = PyModule_Create(&codec_module);
    if (module == NULL) {
        return NULL;
    }
    if (add_exception(module, "wellness._codec.EncodeError", "EncodeError", &EncodeError) < 0 ||
        add_exception(module, "wellness._codec.DecodeError", "DecodeError", &DecodeError) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
