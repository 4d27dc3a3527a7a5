/* cudacffi._capsule: DLPack capsules made and read through the Python C API, so that cudacffi.core exports
 * and imports DLPack tensors on CPython and on PyPy (cpyext) alike; neither ctypes.pythonapi (CPython only)
 * nor cffi (which has no PyObject) can make or open a capsule on both.
 *
 * make(...) -> a "dltensor" or "dltensor_versioned" capsule whose DLManagedTensor(Versioned) keeps `owner`
 * alive until its consumer calls the deleter (or the unconsumed capsule dies).
 * read(capsule) -> the tensor's fields as a tuple; the capsule is left as it was (not consumed).
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

static PyMethodDef methods[] = {
    {"make", make_capsule, METH_VARARGS,
     "make(data, byte_offset, shape, strides, code, bits, lanes, device_type, device_id, versioned, readonly, owner)"
     " -> a DLPack capsule keeping owner alive"},
    {"read", read_capsule, METH_O,
     "read(capsule) -> (version or None, flags, data, byte_offset, device_type, device_id, (code, bits, lanes), "
     "shape, strides or None)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {PyModuleDef_HEAD_INIT, "cudacffi._capsule",
                                        "DLPack capsules for cudacffi.core", -1, methods};

PyMODINIT_FUNC PyInit__capsule(void)
{
    return PyModule_Create(&module_def);
}
