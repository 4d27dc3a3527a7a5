/* cudacffi._fastcall: the whole call of a simple generated wrapper, in C, for CPython.
 *
 * A generated function whose inputs are all ints, enums and handles and whose outputs are all ints,
 * addresses, enums and handles (codegen.lowering.FastCall) has an entry in its family's cffi module,
 * _cf_<name>(const uint64_t *in, uint64_t *out), that calls the stub with the inputs as 64-bit words and
 * gives back the outputs the same way. wrap() makes a callable of one: it converts the arguments, calls the
 * entry with the GIL released, and builds cuda.bindings' tuple, (status, *outputs), with handle outputs of
 * their classes and enum outputs as members. Anything else - an argument of another type or out of its C
 * type's range, keywords, a wrong count, the first call of a function not yet bound - goes to the Python
 * wrapper it was made from, which names the parameter or binds the function and calls again. The C call is
 * made only when every argument has converted, so nothing is ever called twice.
 *
 * CPython only (PyPy's JIT inlines the Python wrappers, and its C-API emulation would be slower). Not built
 * with the limited API: a handle's value is read and written through the offset of Handle's _v slot.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>

#define MAX_IN 16
#define MAX_OUT 8

/* input kinds and output kinds: codegen.lowering's FAST_* */
enum { IN_INT = 0, IN_PTR_HANDLE = 1, IN_INT_HANDLE = 2 };
enum { OUT_PLAIN = 0, OUT_HANDLE = 1, OUT_ENUM = 2 };

typedef int (*entry_fn)(const uint64_t *in, uint64_t *out);

typedef struct {
    int kind;
    long long lo;           /* the C type's range */
    unsigned long long hi;
    PyTypeObject *cls;      /* the handle class (handle kinds) */
} InSpec;

typedef struct {
    int kind;
    int is_signed;
    PyObject *obj;          /* the handle class (OUT_HANDLE) or the enum's value -> member dict (OUT_ENUM) */
} OutSpec;

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    entry_fn fn;
    PyObject *wrapper;      /* the generated Python function: the slow path, and the name, doc and signature */
    PyObject *ok;           /* the status enum's success member */
    PyObject *statuses;     /* the status enum's value -> member dict */
    int unbound;            /* the stubs' status for a function not bound yet */
    Py_ssize_t nin, nout;
    InSpec in[MAX_IN];
    OutSpec out[MAX_OUT];
} FastCall;

static PyTypeObject *handle_type;   /* cudacffi._handles.Handle */
static Py_ssize_t value_offset;     /* where Handle's _v slot is in an instance */

#define VALUE_SLOT(o) (*(PyObject **)((char *)(o) + value_offset))

/* v (an int) as a 64-bit word, when it lies in [lo, hi]; 0 otherwise, with no exception set */
static int in_range(PyObject *v, const InSpec *s, uint64_t *dst) {
    int overflow;
    long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
    if (!overflow) {
        if (x == -1 && PyErr_Occurred()) {
            PyErr_Clear();
            return 0;
        }
        if (x < 0 ? x < s->lo : (unsigned long long)x > s->hi)
            return 0;
        *dst = (uint64_t)x;
        return 1;
    }
    if (overflow < 0)
        return 0;
    unsigned long long u = PyLong_AsUnsignedLongLong(v);
    if (u == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    if (u > s->hi)
        return 0;
    *dst = u;
    return 1;
}

/* argument o as the wrapper would pass it, or 0 for "let the wrapper decide" */
static int convert(const InSpec *s, PyObject *o, uint64_t *dst) {
    PyTypeObject *t = Py_TYPE(o);
    PyObject *v = o;
    switch (s->kind) {
    case IN_INT:            /* any int, bool and IntEnum included, as cffi takes them */
        if (!PyLong_Check(o))
            return 0;
        break;
    case IN_PTR_HANDLE:     /* its class or any handle: the value; a plain int as it is */
        if (t == s->cls || PyType_IsSubtype(t, handle_type))
            v = VALUE_SLOT(o);
        else if (t != &PyLong_Type)
            return 0;
        break;
    case IN_INT_HANDLE:     /* its class: the value; a plain int as it is */
        if (t == s->cls)
            v = VALUE_SLOT(o);
        else if (t != &PyLong_Type)
            return 0;
        break;
    default:
        return 0;
    }
    if (v == NULL || !PyLong_Check(v))
        return 0;
    return in_range(v, s, dst);
}

static PyObject *make_output(const OutSpec *s, uint64_t word) {
    PyObject *v = s->is_signed ? PyLong_FromLongLong((long long)(int64_t)word) : PyLong_FromUnsignedLongLong(word);
    if (v == NULL)
        return NULL;
    if (s->kind == OUT_HANDLE) {
        PyTypeObject *cls = (PyTypeObject *)s->obj;
        PyObject *h = cls->tp_alloc(cls, 0);
        if (h == NULL) {
            Py_DECREF(v);
            return NULL;
        }
        VALUE_SLOT(h) = v;  /* the new object's slot is empty: it takes the reference */
        return h;
    }
    if (s->kind == OUT_ENUM) {
        PyObject *member = PyDict_GetItemWithError(s->obj, v);
        if (member != NULL) {
            Py_INCREF(member);
            Py_DECREF(v);
            return member;
        }
        if (PyErr_Occurred()) {
            Py_DECREF(v);
            return NULL;
        }
    }
    return v;  /* a plain int, or an enum value the enum does not name (as _by_value.get(v, v)) */
}

static PyObject *result(FastCall *self, int status, const uint64_t *out) {
    PyObject *t = PyTuple_New(1 + self->nout);
    Py_ssize_t i;
    if (t == NULL)
        return NULL;
    if (status == 0) {
        Py_INCREF(self->ok);
        PyTuple_SET_ITEM(t, 0, self->ok);
        for (i = 0; i < self->nout; i++) {
            PyObject *v = make_output(&self->out[i], out[i]);
            if (v == NULL) {
                Py_DECREF(t);
                return NULL;
            }
            PyTuple_SET_ITEM(t, 1 + i, v);
        }
        return t;
    }
    PyObject *code = PyLong_FromLong(status), *member;
    if (code == NULL) {
        Py_DECREF(t);
        return NULL;
    }
    member = PyDict_GetItemWithError(self->statuses, code);
    if (member != NULL) {
        Py_INCREF(member);
        Py_DECREF(code);
    } else if (PyErr_Occurred()) {
        Py_DECREF(code);
        Py_DECREF(t);
        return NULL;
    } else {
        member = code;  /* a status the enum does not name: its int */
    }
    PyTuple_SET_ITEM(t, 0, member);
    for (i = 0; i < self->nout; i++) {
        Py_INCREF(Py_None);
        PyTuple_SET_ITEM(t, 1 + i, Py_None);
    }
    return t;
}

static PyObject *fastcall_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    FastCall *self = (FastCall *)op;
    Py_ssize_t n = PyVectorcall_NARGS(nargsf), i;
    uint64_t in[MAX_IN], out[MAX_OUT];
    int status;
    if (kwnames != NULL || n != self->nin)
        goto wrapper;
    for (i = 0; i < n; i++)
        if (!convert(&self->in[i], args[i], &in[i]))
            goto wrapper;
    Py_BEGIN_ALLOW_THREADS
    status = self->fn(in, out);
    Py_END_ALLOW_THREADS
    if (status == self->unbound)  /* nothing was called: the wrapper binds the function and calls it */
        goto wrapper;
    return result(self, status, out);
wrapper:
    return PyObject_Vectorcall(self->wrapper, args, nargsf, kwnames);
}

static int fastcall_traverse(FastCall *self, visitproc visit, void *arg) {
    Py_ssize_t i;
    Py_VISIT(self->wrapper);
    Py_VISIT(self->ok);
    Py_VISIT(self->statuses);
    for (i = 0; i < self->nin; i++)
        Py_VISIT(self->in[i].cls);
    for (i = 0; i < self->nout; i++)
        Py_VISIT(self->out[i].obj);
    return 0;
}

static int fastcall_clear(FastCall *self) {
    Py_ssize_t i;
    Py_CLEAR(self->wrapper);
    Py_CLEAR(self->ok);
    Py_CLEAR(self->statuses);
    for (i = 0; i < self->nin; i++)
        Py_CLEAR(self->in[i].cls);
    for (i = 0; i < self->nout; i++)
        Py_CLEAR(self->out[i].obj);
    return 0;
}

static void fastcall_dealloc(FastCall *self) {
    PyObject_GC_UnTrack(self);
    fastcall_clear(self);
    PyObject_GC_Del(self);
}

/* name, qualname, module, doc, signature, __code__ ...: the wrapper's */
static PyObject *fastcall_getattro(PyObject *self, PyObject *name) {
    PyObject *r = PyObject_GenericGetAttr(self, name);
    if (r != NULL || !PyErr_ExceptionMatches(PyExc_AttributeError))
        return r;
    PyErr_Clear();
    return PyObject_GetAttr(((FastCall *)self)->wrapper, name);
}

static PyObject *fastcall_doc(FastCall *self, void *closure) {
    (void)closure;
    return PyObject_GetAttrString(self->wrapper, "__doc__");
}

static PyObject *fastcall_wrapped(FastCall *self, void *closure) {
    (void)closure;
    Py_INCREF(self->wrapper);
    return self->wrapper;
}

static PyObject *fastcall_repr(FastCall *self) {
    return PyObject_Repr(self->wrapper);
}

/* pickled by name, as a function is */
static PyObject *fastcall_reduce(FastCall *self, PyObject *unused) {
    (void)unused;
    return PyObject_GetAttrString(self->wrapper, "__qualname__");
}

static PyGetSetDef fastcall_getset[] = {
    {"__doc__", (getter)fastcall_doc, NULL, NULL, NULL},
    {"__wrapped__", (getter)fastcall_wrapped, NULL, "the Python wrapper this calls for anything but plain ints and handles", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef fastcall_methods[] = {
    {"__reduce__", (PyCFunction)fastcall_reduce, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject FastCallType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "cudacffi._fastcall.FastCall",
    .tp_basicsize = sizeof(FastCall),
    .tp_dealloc = (destructor)fastcall_dealloc,
    .tp_vectorcall_offset = offsetof(FastCall, vectorcall),
    .tp_repr = (reprfunc)fastcall_repr,
    .tp_call = PyVectorcall_Call,
    .tp_getattro = fastcall_getattro,
#ifdef Py_TPFLAGS_HAVE_VECTORCALL
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL,
#else
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | _Py_TPFLAGS_HAVE_VECTORCALL,
#endif
    .tp_traverse = (traverseproc)fastcall_traverse,
    .tp_clear = (inquiry)fastcall_clear,
    .tp_methods = fastcall_methods,
    .tp_getset = fastcall_getset,
};

static int int_of(PyObject *o, const char *what, long long *dst) {
    *dst = PyLong_AsLongLong(o);
    if (*dst == -1 && PyErr_Occurred()) {
        PyErr_Format(PyExc_ValueError, "wrap(): %s must be an int", what);
        return 0;
    }
    return 1;
}

static int parse_in(PyObject *spec, InSpec *s) {
    PyObject *kind, *lo, *hi, *cls;
    long long k, l;
    unsigned long long h;
    if (!PyTuple_Check(spec) || !PyArg_UnpackTuple(spec, "input", 4, 4, &kind, &lo, &hi, &cls))
        return 0;
    if (!int_of(kind, "an input's kind", &k) || !int_of(lo, "an input's lo", &l))
        return 0;
    h = PyLong_AsUnsignedLongLong(hi);
    if (h == (unsigned long long)-1 && PyErr_Occurred())
        return 0;
    if (k < IN_INT || k > IN_INT_HANDLE || l > 0) {
        PyErr_SetString(PyExc_ValueError, "wrap(): an input's kind or range is not one of _fastcall's");
        return 0;
    }
    if (k != IN_INT && (!PyType_Check(cls) || !PyType_IsSubtype((PyTypeObject *)cls, handle_type))) {
        PyErr_SetString(PyExc_TypeError, "wrap(): a handle input's class must derive from Handle");
        return 0;
    }
    s->kind = (int)k;
    s->lo = l;
    s->hi = h;
    s->cls = k != IN_INT ? (PyTypeObject *)cls : NULL;
    Py_XINCREF(s->cls);
    return 1;
}

static int parse_out(PyObject *spec, OutSpec *s) {
    PyObject *kind, *is_signed, *obj;
    long long k, sg;
    if (!PyTuple_Check(spec) || !PyArg_UnpackTuple(spec, "output", 3, 3, &kind, &is_signed, &obj))
        return 0;
    if (!int_of(kind, "an output's kind", &k) || !int_of(is_signed, "an output's signedness", &sg))
        return 0;
    if (k == OUT_HANDLE) {
        PyTypeObject *cls = (PyTypeObject *)obj;
        if (!PyType_Check(obj) || !PyType_IsSubtype(cls, handle_type) || cls->tp_alloc == NULL) {
            PyErr_SetString(PyExc_TypeError, "wrap(): a handle output's class must derive from Handle");
            return 0;
        }
    } else if (k == OUT_ENUM) {
        if (!PyDict_Check(obj)) {
            PyErr_SetString(PyExc_TypeError, "wrap(): an enum output needs its value -> member dict");
            return 0;
        }
    } else if (k != OUT_PLAIN) {
        PyErr_SetString(PyExc_ValueError, "wrap(): an output's kind is not one of _fastcall's");
        return 0;
    }
    s->kind = (int)k;
    s->is_signed = sg != 0;
    s->obj = k == OUT_PLAIN ? NULL : obj;
    Py_XINCREF(s->obj);
    return 1;
}

PyDoc_STRVAR(wrap_doc,
"wrap(entry, wrapper, ok, statuses, unbound, inputs, outputs) -> callable\n\n"
"A callable that calls the _cf_ entry at address ``entry`` and falls back to ``wrapper``. ``inputs``:\n"
"(kind, lo, hi, handle class or None) per argument; ``outputs``: (kind, signed, class or value->member\n"
"dict) per output; ``ok``, ``statuses``: the status enum's success member and value -> member dict.");

static PyObject *wrap(PyObject *module, PyObject *args) {
    PyObject *entry, *wrapper, *ok, *statuses, *ins, *outs;
    int unbound;
    Py_ssize_t i;
    unsigned long long address;
    FastCall *self;
    (void)module;
    if (handle_type == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "wrap(): call setup(Handle) first");
        return NULL;
    }
    if (!PyArg_ParseTuple(args, "OOOO!iO!O!:wrap", &entry, &wrapper, &ok, &PyDict_Type, &statuses, &unbound,
                          &PyTuple_Type, &ins, &PyTuple_Type, &outs))
        return NULL;
    address = PyLong_AsUnsignedLongLong(entry);
    if (address == (unsigned long long)-1 && PyErr_Occurred())
        return NULL;
    if (address == 0 || !PyCallable_Check(wrapper)) {
        PyErr_SetString(PyExc_ValueError, "wrap(): needs an entry's address and a callable wrapper");
        return NULL;
    }
    if (PyTuple_GET_SIZE(ins) > MAX_IN || PyTuple_GET_SIZE(outs) > MAX_OUT) {
        PyErr_SetString(PyExc_ValueError, "wrap(): too many inputs or outputs");
        return NULL;
    }
    self = PyObject_GC_New(FastCall, &FastCallType);
    if (self == NULL)
        return NULL;
    self->vectorcall = fastcall_vectorcall;
    self->fn = (entry_fn)(uintptr_t)address;
    self->unbound = unbound;
    self->nin = self->nout = 0;
    Py_INCREF(wrapper);
    self->wrapper = wrapper;
    Py_INCREF(ok);
    self->ok = ok;
    Py_INCREF(statuses);
    self->statuses = statuses;
    for (i = 0; i < PyTuple_GET_SIZE(ins); i++) {
        if (!parse_in(PyTuple_GET_ITEM(ins, i), &self->in[i]))
            goto fail;
        self->nin = i + 1;
    }
    for (i = 0; i < PyTuple_GET_SIZE(outs); i++) {
        if (!parse_out(PyTuple_GET_ITEM(outs, i), &self->out[i]))
            goto fail;
        self->nout = i + 1;
    }
    PyObject_GC_Track(self);
    return (PyObject *)self;
fail:
    PyObject_GC_Track(self);
    Py_DECREF(self);
    return NULL;
}

PyDoc_STRVAR(setup_doc, "setup(Handle): the handle base class, whose _v slot holds every handle's value.");

static PyObject *setup(PyObject *module, PyObject *cls) {
    PyObject *descr;
    PyMemberDef *member;
    (void)module;
    if (!PyType_Check(cls)) {
        PyErr_SetString(PyExc_TypeError, "setup(): needs the Handle class");
        return NULL;
    }
    descr = PyDict_GetItemString(((PyTypeObject *)cls)->tp_dict, "_v");
    if (descr == NULL || Py_TYPE(descr) != &PyMemberDescr_Type) {
        PyErr_SetString(PyExc_TypeError, "setup(): the Handle class has no _v slot");
        return NULL;
    }
    member = ((PyMemberDescrObject *)descr)->d_member;
    if (member->type != T_OBJECT_EX) {
        PyErr_SetString(PyExc_TypeError, "setup(): Handle's _v is not an object slot");
        return NULL;
    }
    if (handle_type != NULL && (handle_type != (PyTypeObject *)cls || value_offset != member->offset)) {
        PyErr_SetString(PyExc_RuntimeError, "setup(): already set up with another Handle class");
        return NULL;
    }
    Py_INCREF(cls);
    Py_XDECREF(handle_type);
    handle_type = (PyTypeObject *)cls;
    value_offset = member->offset;
    Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"wrap", wrap, METH_VARARGS, wrap_doc},
    {"setup", setup, METH_O, setup_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "cudacffi._fastcall",
    "The whole call of simple generated wrappers, in C, for CPython (see codegen.lowering.FastCall).",
    -1, module_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__fastcall(void) {
    PyObject *m;
    if (PyType_Ready(&FastCallType) < 0)
        return NULL;
    m = PyModule_Create(&module_def);
    if (m == NULL)
        return NULL;
    Py_INCREF(&FastCallType);
    if (PyModule_AddObject(m, "FastCall", (PyObject *)&FastCallType) < 0) {
        Py_DECREF(&FastCallType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
