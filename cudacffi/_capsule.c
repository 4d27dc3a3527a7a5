/* cudacffi._capsule: DLPack capsules made and read through the Python C API, so that cudacffi.core exports
 * and imports DLPack tensors on CPython and on PyPy (cpyext) alike; neither ctypes.pythonapi (CPython only)
 * nor cffi (which has no PyObject) can make or open a capsule on both.
 *
 * make(...) -> a "dltensor" or "dltensor_versioned" capsule whose DLManagedTensor(Versioned) keeps `owner`
 * alive until its consumer calls the deleter (or the unconsumed capsule dies).
 * read(capsule) -> the tensor's fields as a tuple; the capsule is left as it was (not consumed).
 * exchange_api(from_py, borrow, to_py) -> the "dlpack_exchange_api" capsule of DLPack's C exchange API
 * (`__dlpack_c_exchange_api__`), a static DLPackExchangeAPI whose callbacks call the three Python hooks:
 * from_py(obj) and borrow(obj) return an unconsumed "dltensor_versioned" capsule of obj (borrow's is kept alive by
 * obj), to_py(capsule) returns the view of a capsule; they raise TypeError for what is not theirs.
 *
 * It knows nothing of CUDA: pointers, devices and types come from the caller as plain ints.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct { int32_t device_type; int32_t device_id; } DLDevice;
typedef struct { uint8_t code; uint8_t bits; uint16_t lanes; } DLDataType;
typedef struct {
    void *data;
    DLDevice device;
    int32_t ndim;
    DLDataType dtype;
    int64_t *shape;
    int64_t *strides;
    uint64_t byte_offset;
} DLTensor;
typedef struct DLManagedTensor {
    DLTensor dl_tensor;
    void *manager_ctx;
    void (*deleter)(struct DLManagedTensor *self);
} DLManagedTensor;
typedef struct { uint32_t major; uint32_t minor; } DLPackVersion;
typedef struct DLManagedTensorVersioned {
    DLPackVersion version;
    void *manager_ctx;
    void (*deleter)(struct DLManagedTensorVersioned *self);
    uint64_t flags;
    DLTensor dl_tensor;
} DLManagedTensorVersioned;

#define DLPACK_FLAG_BITMASK_READ_ONLY (1ULL << 0)
#define MAX_NDIM 64

static void release_owner(void *owner)
{
    /* a consumer may call the deleter from any thread, holding the GIL or not */
    PyGILState_STATE state = PyGILState_Ensure();
    Py_XDECREF((PyObject *)owner);
    PyGILState_Release(state);
}

static void delete_unversioned(DLManagedTensor *self)
{
    release_owner(self->manager_ctx);
    free(self);
}

static void delete_versioned(DLManagedTensorVersioned *self)
{
    release_owner(self->manager_ctx);
    free(self);
}

/* the capsule's destructor: a capsule nobody consumed still owns its tensor */
static void capsule_destructor(PyObject *capsule)
{
    PyObject *type, *value, *traceback;
    PyErr_Fetch(&type, &value, &traceback);
    if (PyCapsule_IsValid(capsule, "dltensor")) {
        DLManagedTensor *m = (DLManagedTensor *)PyCapsule_GetPointer(capsule, "dltensor");
        if (m && m->deleter)
            m->deleter(m);
    } else if (PyCapsule_IsValid(capsule, "dltensor_versioned")) {
        DLManagedTensorVersioned *m = (DLManagedTensorVersioned *)PyCapsule_GetPointer(capsule, "dltensor_versioned");
        if (m && m->deleter)
            m->deleter(m);
    }
    PyErr_Clear();
    PyErr_Restore(type, value, traceback);
}

static int read_int64s(PyObject *seq, const char *what, int64_t *out, Py_ssize_t n)
{
    for (Py_ssize_t i = 0; i < n; i++) {
        long long v = PyLong_AsLongLong(PyTuple_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) {
            PyErr_Format(PyExc_TypeError, "%s[%zd] must be an int that fits 64 bits", what, i);
            return -1;
        }
        out[i] = (int64_t)v;
    }
    return 0;
}

static PyObject *make_capsule(PyObject *module, PyObject *args)
{
    unsigned long long data, byte_offset;
    PyObject *shape, *strides, *owner;
    int code, bits, lanes, device_type, device_id, versioned, readonly;
    if (!PyArg_ParseTuple(args, "KKO!OiiiiippO:make", &data, &byte_offset, &PyTuple_Type, &shape, &strides, &code,
                          &bits, &lanes, &device_type, &device_id, &versioned, &readonly, &owner))
        return NULL;
    Py_ssize_t ndim = PyTuple_GET_SIZE(shape);
    if (ndim > MAX_NDIM) {
        PyErr_Format(PyExc_ValueError, "shape has %zd dimensions, at most %d are supported", ndim, MAX_NDIM);
        return NULL;
    }
    if (strides != Py_None && (!PyTuple_Check(strides) || PyTuple_GET_SIZE(strides) != ndim)) {
        PyErr_SetString(PyExc_ValueError, "strides must be None or a tuple as long as shape");
        return NULL;
    }
    if (code < 0 || code > 255 || bits < 0 || bits > 255 || lanes < 0 || lanes > 65535) {
        PyErr_SetString(PyExc_ValueError, "dtype (code, bits, lanes) out of range");
        return NULL;
    }
    size_t head = versioned ? sizeof(DLManagedTensorVersioned) : sizeof(DLManagedTensor);
    head = (head + 7) / 8 * 8;
    char *block = (char *)calloc(1, head + 2 * (size_t)(ndim ? ndim : 1) * sizeof(int64_t));
    if (!block)
        return PyErr_NoMemory();
    int64_t *shape_out = (int64_t *)(block + head);
    int64_t *strides_out = shape_out + (ndim ? ndim : 1);
    if (read_int64s(shape, "shape", shape_out, ndim) < 0 ||
        (strides != Py_None && read_int64s(strides, "strides", strides_out, ndim) < 0)) {
        free(block);
        return NULL;
    }
    DLTensor *t;
    if (versioned) {
        DLManagedTensorVersioned *m = (DLManagedTensorVersioned *)block;
        m->version.major = 1;
        m->version.minor = 0;
        m->manager_ctx = owner;
        m->deleter = delete_versioned;
        m->flags = readonly ? DLPACK_FLAG_BITMASK_READ_ONLY : 0;
        t = &m->dl_tensor;
    } else {
        DLManagedTensor *m = (DLManagedTensor *)block;
        m->manager_ctx = owner;
        m->deleter = delete_unversioned;
        t = &m->dl_tensor;
    }
    t->data = (void *)(uintptr_t)data;
    t->byte_offset = byte_offset;
    t->device.device_type = device_type;
    t->device.device_id = device_id;
    t->ndim = (int32_t)ndim;
    t->dtype.code = (uint8_t)code;
    t->dtype.bits = (uint8_t)bits;
    t->dtype.lanes = (uint16_t)lanes;
    t->shape = ndim ? shape_out : NULL;
    t->strides = (ndim && strides != Py_None) ? strides_out : NULL;
    Py_INCREF(owner);
    PyObject *capsule = PyCapsule_New(block, versioned ? "dltensor_versioned" : "dltensor", capsule_destructor);
    if (!capsule) {
        Py_DECREF(owner);
        free(block);
    }
    return capsule;
}

static PyObject *int64_tuple(const int64_t *values, int32_t n)
{
    PyObject *out = PyTuple_New(n);
    if (!out)
        return NULL;
    for (int32_t i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLongLong(values[i]);
        if (!v) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, v);
    }
    return out;
}

static PyObject *read_capsule(PyObject *module, PyObject *capsule)
{
    const DLTensor *t;
    PyObject *version;
    unsigned long long flags = 0;
    if (PyCapsule_IsValid(capsule, "dltensor_versioned")) {
        const DLManagedTensorVersioned *m = PyCapsule_GetPointer(capsule, "dltensor_versioned");
        t = &m->dl_tensor;
        flags = m->flags;
        version = Py_BuildValue("(II)", m->version.major, m->version.minor);
    } else if (PyCapsule_IsValid(capsule, "dltensor")) {
        t = &((const DLManagedTensor *)PyCapsule_GetPointer(capsule, "dltensor"))->dl_tensor;
        Py_INCREF(Py_None);
        version = Py_None;
    } else {
        PyErr_SetString(PyExc_ValueError, "not a DLPack capsule (named 'dltensor' or 'dltensor_versioned'), or one "
                        "already consumed");
        return NULL;
    }
    if (!version)
        return NULL;
    if (t->ndim < 0 || t->ndim > MAX_NDIM || (t->ndim && !t->shape)) {
        Py_DECREF(version);
        PyErr_Format(PyExc_ValueError, "DLPack tensor with an invalid ndim (%d) or no shape", (int)t->ndim);
        return NULL;
    }
    PyObject *shape = int64_tuple(t->shape, t->ndim);
    PyObject *strides = t->strides ? int64_tuple(t->strides, t->ndim) : (Py_INCREF(Py_None), Py_None);
    if (!shape || !strides) {
        Py_XDECREF(shape);
        Py_XDECREF(strides);
        Py_DECREF(version);
        return NULL;
    }
    return Py_BuildValue("(NKKKii(iii)NN)", version, flags, (unsigned long long)(uintptr_t)t->data,
                         (unsigned long long)t->byte_offset, (int)t->device.device_type, (int)t->device.device_id,
                         (int)t->dtype.code, (int)t->dtype.bits, (int)t->dtype.lanes, shape, strides);
}

/* -- DLPack's C exchange API (dlpack.h 1.x: DLPackExchangeAPI) ------------------------------------------------- */

typedef struct DLPackExchangeAPIHeader {
    DLPackVersion version;
    struct DLPackExchangeAPIHeader *prev_api;
} DLPackExchangeAPIHeader;

typedef struct {
    DLPackExchangeAPIHeader header;
    int (*managed_tensor_allocator)(DLTensor *prototype, DLManagedTensorVersioned **out, void *error_ctx,
                                    void (*SetError)(void *error_ctx, const char *kind, const char *message));
    int (*managed_tensor_from_py_object_no_sync)(void *py_object, DLManagedTensorVersioned **out);
    int (*managed_tensor_to_py_object_no_sync)(DLManagedTensorVersioned *tensor, void **out_py_object);
    int (*dltensor_from_py_object_no_sync)(void *py_object, DLTensor *out);
    int (*current_work_stream)(int32_t device_type, int32_t device_id, void **out_current_stream);
} DLPackExchangeAPI;

static PyObject *hook_from_py, *hook_borrow, *hook_to_py; /* set once by exchange_api(), never released */

/* hook(obj)'s "dltensor_versioned" capsule (a new reference), or NULL with a Python error set */
static PyObject *capsule_of(PyObject *hook, PyObject *obj)
{
    PyObject *capsule = PyObject_CallFunctionObjArgs(hook, obj, NULL);
    if (capsule && !PyCapsule_IsValid(capsule, "dltensor_versioned")) {
        Py_DECREF(capsule);
        PyErr_SetString(PyExc_BufferError, "the DLPack exchange API expected a 'dltensor_versioned' capsule");
        return NULL;
    }
    return capsule;
}

static int xa_allocator(DLTensor *prototype, DLManagedTensorVersioned **out, void *error_ctx,
                        void (*SetError)(void *error_ctx, const char *kind, const char *message))
{
    static const char message[] = "managed_tensor_allocator is not supported by StridedMemoryView";
    (void)prototype;
    if (out)
        *out = NULL;
    if (SetError)
        SetError(error_ctx, "NotImplementedError", message);
    PyGILState_STATE state = PyGILState_Ensure();
    PyErr_SetString(PyExc_NotImplementedError, message);
    PyGILState_Release(state);
    return -1;
}

static int xa_from_py(void *py_object, DLManagedTensorVersioned **out)
{
    int rc = -1;
    PyGILState_STATE state = PyGILState_Ensure();
    if (!out) {
        PyErr_SetString(PyExc_RuntimeError, "out cannot be NULL");
    } else {
        *out = NULL;
        PyObject *capsule = capsule_of(hook_from_py, (PyObject *)py_object);
        if (capsule) {  /* the consumer owns the tensor now: the capsule, renamed, no longer deletes it */
            *out = (DLManagedTensorVersioned *)PyCapsule_GetPointer(capsule, "dltensor_versioned");
            PyCapsule_SetName(capsule, "used_dltensor_versioned");
            Py_DECREF(capsule);
            rc = 0;
        }
    }
    PyGILState_Release(state);
    return rc;
}

static int xa_to_py(DLManagedTensorVersioned *tensor, void **out_py_object)
{
    int rc = -1;
    PyGILState_STATE state = PyGILState_Ensure();
    if (!out_py_object) {
        PyErr_SetString(PyExc_RuntimeError, "out_py_object cannot be NULL");
    } else if (!tensor) {
        *out_py_object = NULL;
        PyErr_SetString(PyExc_RuntimeError, "tensor cannot be NULL");
    } else {
        *out_py_object = NULL;
        /* the capsule owns the tensor from here: its destructor calls the deleter unless a view consumed it */
        PyObject *capsule = PyCapsule_New(tensor, "dltensor_versioned", capsule_destructor);
        if (capsule) {
            PyObject *view = PyObject_CallFunctionObjArgs(hook_to_py, capsule, NULL);
            Py_DECREF(capsule);
            if (view) {
                *out_py_object = view;  /* a new reference, the consumer's */
                rc = 0;
            }
        } else if (tensor->deleter) {
            tensor->deleter(tensor);
        }
    }
    PyGILState_Release(state);
    return rc;
}

static int xa_dltensor(void *py_object, DLTensor *out)
{
    int rc = -1;
    PyGILState_STATE state = PyGILState_Ensure();
    if (!out) {
        PyErr_SetString(PyExc_RuntimeError, "out cannot be NULL");
    } else {
        PyObject *capsule = capsule_of(hook_borrow, (PyObject *)py_object);
        if (capsule) {  /* borrowed: py_object keeps this capsule, and so the shape and strides, alive */
            *out = ((DLManagedTensorVersioned *)PyCapsule_GetPointer(capsule, "dltensor_versioned"))->dl_tensor;
            Py_DECREF(capsule);
            rc = 0;
        }
    }
    PyGILState_Release(state);
    return rc;
}

static int xa_current_work_stream(int32_t device_type, int32_t device_id, void **out_current_stream)
{
    (void)device_type;
    (void)device_id;
    if (!out_current_stream) {
        PyGILState_STATE state = PyGILState_Ensure();
        PyErr_SetString(PyExc_RuntimeError, "out_current_stream cannot be NULL");
        PyGILState_Release(state);
        return -1;
    }
    *out_current_stream = NULL;  /* no current stream: cudacffi.core keeps no stream state of its own */
    return 0;
}

static DLPackExchangeAPI exchange = {{{1, 3}, NULL}, xa_allocator, xa_from_py, xa_to_py, xa_dltensor,
                                     xa_current_work_stream};

static PyObject *exchange_api(PyObject *module, PyObject *args)
{
    PyObject *from_py, *borrow, *to_py;
    if (!PyArg_ParseTuple(args, "OOO:exchange_api", &from_py, &borrow, &to_py))
        return NULL;
    if (!PyCallable_Check(from_py) || !PyCallable_Check(borrow) || !PyCallable_Check(to_py)) {
        PyErr_SetString(PyExc_TypeError, "exchange_api(from_py, borrow, to_py) takes three callables");
        return NULL;
    }
    if (hook_from_py) {
        PyErr_SetString(PyExc_RuntimeError, "exchange_api() was already called: its hooks are set once");
        return NULL;
    }
    Py_INCREF(from_py);
    Py_INCREF(borrow);
    Py_INCREF(to_py);
    hook_from_py = from_py;
    hook_borrow = borrow;
    hook_to_py = to_py;
    return PyCapsule_New(&exchange, "dlpack_exchange_api", NULL);
}

static PyMethodDef methods[] = {
    {"make", make_capsule, METH_VARARGS,
     "make(data, byte_offset, shape, strides, code, bits, lanes, device_type, device_id, versioned, readonly, owner)"
     " -> a DLPack capsule keeping owner alive"},
    {"read", read_capsule, METH_O,
     "read(capsule) -> (version or None, flags, data, byte_offset, device_type, device_id, (code, bits, lanes), "
     "shape, strides or None)"},
    {"exchange_api", exchange_api, METH_VARARGS,
     "exchange_api(from_py, borrow, to_py) -> the 'dlpack_exchange_api' capsule of DLPack's C exchange API"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {PyModuleDef_HEAD_INIT, "cudacffi._capsule",
                                        "DLPack capsules for cudacffi.core", -1, methods};

PyMODINIT_FUNC PyInit__capsule(void)
{
    return PyModule_Create(&module_def);
}
