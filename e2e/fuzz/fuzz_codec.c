/*
 * libFuzzer harness for wellness._codec (python/wellness/_codec.c), the wheel's
 * JSON writer and reader: the module is compiled into this program with the
 * sanitizers and coverage, in an embedded CPython, and every input goes
 * through codec_check.check (loads against json.loads, dumps against
 * json.dumps). A broken promise, another exception or a sanitizer report
 * aborts.
 *
 * Built by `make fuzz-codec-build`; CODEC_CHECK_DIR names the directory of
 * codec_check.py. PYTHONMALLOC=malloc is set before the interpreter starts,
 * so that AddressSanitizer sees every buffer the codec allocates.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef CODEC_CHECK_DIR
#error "CODEC_CHECK_DIR must name the directory of codec_check.py"
#endif

PyMODINIT_FUNC PyInit__codec(void);

static PyObject *check;
static PyObject *codec;

static void fail(const char *what) {
    fprintf(stderr, "fuzz_codec: %s\n", what);
    if (PyErr_Occurred()) {
        PyErr_Print();
    }
    abort();
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    setenv("PYTHONMALLOC", "malloc", 1);
    if (PyImport_AppendInittab("_codec", PyInit__codec) < 0) {
        fail("the codec cannot be registered");
    }
    Py_Initialize();
    PyObject *path = PySys_GetObject("path"); /* borrowed */
    PyObject *directory = PyUnicode_FromString(CODEC_CHECK_DIR);
    if (path == NULL || directory == NULL || PyList_Insert(path, 0, directory) < 0) {
        fail("sys.path");
    }
    Py_DECREF(directory);
    codec = PyImport_ImportModule("_codec");
    PyObject *checks = PyImport_ImportModule("codec_check");
    if (codec == NULL || checks == NULL) {
        fail("the codec or codec_check.py does not import");
    }
    check = PyObject_GetAttrString(checks, "check");
    Py_DECREF(checks);
    if (check == NULL) {
        fail("codec_check.check");
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    PyObject *bytes = PyBytes_FromStringAndSize((const char *)data, (Py_ssize_t)size);
    if (bytes == NULL) {
        fail("bytes");
    }
    PyObject *result = PyObject_CallFunctionObjArgs(check, codec, bytes, NULL);
    Py_DECREF(bytes);
    if (result == NULL) {
        fail("the codec broke its promise");
    }
    Py_DECREF(result);
    return 0;
}
