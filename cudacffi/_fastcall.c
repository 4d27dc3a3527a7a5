/* cudacffi._fastcall: the whole call of a simple generated wrapper, in C, for CPython.
 *
 * A generated function whose inputs are all ints, enums and handles and whose outputs are all ints,
 * addresses, enums and handles, or one string written into a buffer of the caller's length
 * (codegen.lowering.FastCall), has an entry in its family's cffi module,
 * _cf_<name>(const uint64_t *in, uint64_t *out), that calls the stub with the inputs as 64-bit words and
 * gives back the outputs the same way (a string's buffer is on this module's side: its address goes in
 * out[]). wrap() makes a callable of one: it converts the arguments, calls the entry with the GIL released,
 * and builds cuda.bindings' tuple, (status, *outputs), with handle outputs of their classes and enum outputs
 * as members. Anything else - an argument of another type or out of its C
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
#include <string.h>
#include <math.h>

/* What the three callable types (FastCall, Launcher, Constructor) share: vectorcall, garbage collection (each
 * holds classes), and a dealloc that clears through the type's own tp_clear. */
#ifdef Py_TPFLAGS_HAVE_VECTORCALL
#define CALLABLE_FLAGS (Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_HAVE_VECTORCALL)
#else
#define CALLABLE_FLAGS (Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | _Py_TPFLAGS_HAVE_VECTORCALL)
#endif
#define CALLABLE_TYPE(Type, name, traverse, clear) CALLABLE_TYPE_FLAGS(Type, name, traverse, clear, CALLABLE_FLAGS)
#define CALLABLE_TYPE_FLAGS(Type, name, traverse, clear, flags)                                                \
    PyVarObject_HEAD_INIT(NULL, 0)                                                                           \
    .tp_name = name, .tp_basicsize = sizeof(Type), .tp_dealloc = callable_dealloc,                           \
    .tp_vectorcall_offset = offsetof(Type, vectorcall), .tp_call = PyVectorcall_Call, .tp_flags = flags,       \
    .tp_traverse = (traverseproc)traverse, .tp_clear = (inquiry)clear
/* A method descriptor whose vectorcall takes ``self`` as its first argument: ``obj.method(...)`` and a binary
 * operator's slot call it as it is, without making a bound method object per call. */
#define METHOD_FLAGS (CALLABLE_FLAGS | Py_TPFLAGS_METHOD_DESCRIPTOR)

/* a type's tp_traverse and tp_clear, from REFS(self, DO): DO (Py_VISIT or Py_CLEAR) of every reference it holds */
#define GC_FUNCTIONS(prefix, Type, REFS)                                     \
    static int prefix##_traverse(Type *self, visitproc visit, void *arg) {  \
        REFS(self, Py_VISIT);                                               \
        return 0;                                                           \
    }                                                                       \
    static int prefix##_clear(Type *self) {                                 \
        REFS(self, Py_CLEAR);                                               \
        return 0;                                                           \
    }

/* a C function's address given as an int (an entry of a family's cffi module); 0 with ValueError for 0 */
static int entry_address(PyObject *entry, const char *who, unsigned long long *address) {
    *address = PyLong_AsUnsignedLongLong(entry);
    if (*address == (unsigned long long)-1 && PyErr_Occurred())
        return 0;
    if (*address == 0) {
        PyErr_Format(PyExc_ValueError, "%s(): needs the address of a C entry, not 0", who);
        return 0;
    }
    return 1;
}

static void callable_dealloc(PyObject *self) {
    PyObject_GC_UnTrack(self);
    Py_TYPE(self)->tp_clear(self);
    PyObject_GC_Del(self);
}

#define MAX_IN 16
#define MAX_OUT 8

/* input kinds and output kinds: codegen.lowering's FAST_* */
enum { IN_INT = 0, IN_PTR_HANDLE = 1, IN_INT_HANDLE = 2, IN_ADDRESS = 3, IN_KPARAMS = 4 };
#define KPARAMS_MAX 64      /* kernel parameters packed in C: one 8-byte slot each, on the caller's stack */
#define KPARAMS_PLANS 256   /* types tuples remembered per function (then it starts again) */
enum { OUT_PLAIN = 0, OUT_HANDLE = 1, OUT_ENUM = 2, OUT_BOOL = 3, OUT_TYPED = 4, OUT_CHARS = 5, OUT_FLOAT = 6 };
#define MAX_TYPED 48
#define CHARS_MAX 4096      /* a string output's buffer, on the caller's stack: longer lengths go to the wrapper */

typedef int (*entry_fn)(const uint64_t *in, uint64_t *out);

/* The head of a C callable that stands in for a Python function (FastCall, PoolAllocate): it calls it for every
 * case it does not make itself, and reads as it (__name__, __doc__, inspect.signature through __wrapped__). */
#define STANDIN_HEAD \
    PyObject_HEAD    \
    vectorcallfunc vectorcall; \
    PyObject *wrapper;
typedef struct {
    STANDIN_HEAD
} Standin;

typedef struct {
    int kind;
    long long lo;           /* the C type's range */
    unsigned long long hi;
    PyTypeObject *cls;      /* the handle class (handle kinds) */
} InSpec;

typedef struct {
    int kind;
    int is_signed;
    int size;               /* the bytes of the value the word holds: 1, 4 or 8 */
    PyObject *obj;          /* the handle class (OUT_HANDLE) or the enum's value -> member dict (OUT_ENUM) */
} OutSpec;

typedef struct {
    STANDIN_HEAD            /* wrapper: the generated Python function */
    entry_fn fn;
    PyObject *ok;           /* the status enum's success member */
    PyObject *statuses;     /* the status enum's value -> member dict */
    int unbound;            /* the stubs' status for a function not bound yet */
    Py_ssize_t nin, nout;
    InSpec in[MAX_IN];
    OutSpec out[MAX_OUT];
    /* an output whose C type an attribute argument decides (OUT_TYPED): the argument's position, and its
       values -> the index of their OutSpec; an attribute it lacks (a struct, a name) goes to the wrapper */
    Py_ssize_t typed_out, typed_by, ntyped;
    PyObject *typed;
    OutSpec typed_spec[MAX_TYPED];
    /* a kernelParams argument (IN_KPARAMS): its position; planner(types) -> the codes of pack_value, one per
       value, N for a handle's value, or None (the wrapper packs those); plans: types -> codes; the last pair */
    Py_ssize_t kparams;
    PyObject *planner, *plans, *last_types, *last_codes;
    /* a string written into a buffer of the caller's length (OUT_CHARS): its output, and the length's input */
    Py_ssize_t chars_out, chars_by;
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

static int pack_int(PyObject *v, char code, char *at) {
    int overflow;
    long long x;
    unsigned long long u;
    if (!PyLong_Check(v))
        return 0;
    if (code == 'Q' || code == 'P') {
        u = PyLong_AsUnsignedLongLong(v);
        if (u == (unsigned long long)-1 && PyErr_Occurred()) {
            PyErr_Clear();
            return 0;
        }
        memcpy(at, &u, 8);
        return 1;
    }
    x = PyLong_AsLongLongAndOverflow(v, &overflow);
    if (overflow || (x == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return 0;
    }
    switch (code) {
    case 'b': if (x < INT8_MIN || x > INT8_MAX) return 0; { int8_t y = (int8_t)x; memcpy(at, &y, 1); } return 1;
    case 'B': if (x < 0 || x > UINT8_MAX) return 0; { uint8_t y = (uint8_t)x; memcpy(at, &y, 1); } return 1;
    case 'h': if (x < INT16_MIN || x > INT16_MAX) return 0; { int16_t y = (int16_t)x; memcpy(at, &y, 2); } return 1;
    case 'H': if (x < 0 || x > UINT16_MAX) return 0; { uint16_t y = (uint16_t)x; memcpy(at, &y, 2); } return 1;
    case 'i': if (x < INT32_MIN || x > INT32_MAX) return 0; { int32_t y = (int32_t)x; memcpy(at, &y, 4); } return 1;
    case 'I': if (x < 0 || x > (long long)UINT32_MAX) return 0; { uint32_t y = (uint32_t)x; memcpy(at, &y, 4); } return 1;
    case 'q': memcpy(at, &x, 8); return 1;
    default: return 0;
    }
}

/* v packed as struct code ``code`` at ``at``: ints (any int class) for the integer codes and P, ints or floats
 * for f and d, True or False for ?; 0 (no exception set) for a value struct would refuse or that needs Python */
static int pack_value(char code, PyObject *v, char *at) {
    if (code == '?') {
        if (v != Py_True && v != Py_False)
            return 0;
        *at = v == Py_True;
        return 1;
    }
    if (code == 'f' || code == 'd') {
        double x;
        if (!PyFloat_Check(v) && !PyLong_Check(v))
            return 0;
        x = PyFloat_AsDouble(v);
        if (x == -1.0 && PyErr_Occurred()) {
            PyErr_Clear();
            return 0;
        }
        if (code == 'd') {
            memcpy(at, &x, 8);
        } else {
            float y = (float)x;
            if (isinf(y) && !isinf(x))
                return 0;  /* too large for a float: struct refuses it, and so the checked path does */
            memcpy(at, &y, 4);
        }
        return 1;
    }
    return pack_int(v, code, at);
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
    case IN_KPARAMS:        /* an int address here; (values, types) in pack_kparams */
    case IN_ADDRESS:        /* a plain int only (an address): buffers and tuples are the wrapper's */
        if (t != &PyLong_Type)
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

/* a float or double output, which the generated entry stores as a double's bits (lowering.FAST_FLOAT) */
static double float_of(uint64_t word) {
    double d;
    memcpy(&d, &word, sizeof d);
    return d;
}

static PyObject *make_output(const OutSpec *s, uint64_t word) {
    PyObject *v;
    if (s->kind == OUT_FLOAT)
        return PyFloat_FromDouble(float_of(word));
    if (s->size == 1)
        word &= 0xff;
    else if (s->size == 4)
        word = s->is_signed ? (uint64_t)(int64_t)(int32_t)(uint32_t)word : (uint64_t)(uint32_t)word;
    if (s->kind == OUT_BOOL)
        return PyBool_FromLong(word != 0);
    v = s->is_signed ? PyLong_FromLongLong((long long)(int64_t)word) : PyLong_FromUnsignedLongLong(word);
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

/* the result tuple; a string output is the whole buffer of nchars bytes, as cuda.bindings returns it */
static PyObject *result(FastCall *self, int status, const uint64_t *out, const OutSpec *typed, Py_ssize_t nchars) {
    PyObject *t = PyTuple_New(1 + self->nout);
    Py_ssize_t i;
    if (t == NULL)
        return NULL;
    if (status == 0) {
        Py_INCREF(self->ok);
        PyTuple_SET_ITEM(t, 0, self->ok);
        for (i = 0; i < self->nout; i++) {
            PyObject *v = i == self->chars_out
                ? PyBytes_FromStringAndSize((const char *)(uintptr_t)out[i], nchars)
                : make_output(i == self->typed_out ? typed : &self->out[i], out[i]);
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

/* kernelParams given as (values, types) of tuples: the values packed into slots[] (8 bytes each) and table[]
 * pointing at them, *word the table's address; 0 (no exception set) where the wrapper must pack them */
static int pack_kparams(FastCall *self, PyObject *o, uint64_t *slots, void **table, uint64_t *word) {
    PyObject *values, *types, *codes;
    const char *c;
    Py_ssize_t n, i;
    if (!PyTuple_CheckExact(o) || PyTuple_GET_SIZE(o) != 2)
        return 0;
    values = PyTuple_GET_ITEM(o, 0);
    types = PyTuple_GET_ITEM(o, 1);
    if (!PyTuple_CheckExact(values) || !PyTuple_CheckExact(types))
        return 0;
    if (types == self->last_types) {
        codes = self->last_codes;
    } else {
        codes = PyDict_GetItemWithError(self->plans, types);  /* borrowed */
        if (codes == NULL) {
            if (PyErr_Occurred() || (codes = PyObject_CallOneArg(self->planner, types)) == NULL) {
                PyErr_Clear();  /* unhashable types, or the planner refused them: the wrapper says why */
                return 0;
            }
            if (PyDict_GET_SIZE(self->plans) >= KPARAMS_PLANS)
                PyDict_Clear(self->plans);
            if (PyDict_SetItem(self->plans, types, codes) < 0) {
                PyErr_Clear();
                Py_DECREF(codes);
                return 0;
            }
            Py_DECREF(codes);  /* the dict holds it */
        }
        Py_INCREF(types);
        Py_INCREF(codes);
        Py_XSETREF(self->last_types, types);
        Py_XSETREF(self->last_codes, codes);
    }
    if (!PyUnicode_Check(codes) || (c = PyUnicode_AsUTF8AndSize(codes, &n)) == NULL) {
        PyErr_Clear();
        return 0;
    }
    if (n != PyTuple_GET_SIZE(values) || n > KPARAMS_MAX)
        return 0;
    if (n == 0) {
        *word = 0;
        return 1;
    }
    for (i = 0; i < n; i++) {
        PyObject *v = PyTuple_GET_ITEM(values, i);
        slots[i] = 0;
        if (c[i] == 'N') {  /* type None: a handle's value (its getPtr() storage holds the same 8 bytes) */
            if (!PyObject_TypeCheck(v, handle_type) || (v = VALUE_SLOT(v)) == NULL)
                return 0;
            if (!pack_int(v, 'Q', (char *)&slots[i]))
                return 0;
        } else if (c[i] == 'P') {  /* c_void_p: an int address */
            if (!PyLong_CheckExact(v) || !pack_int(v, 'Q', (char *)&slots[i]))
                return 0;
        } else if (!pack_value(c[i], v, (char *)&slots[i])) {
            return 0;
        }
        table[i] = &slots[i];
    }
    *word = (uint64_t)(uintptr_t)table;
    return 1;
}

/* kernelParams given as a numpy array (the void* table packed already): its address, with ``view`` held
 * until the call returns; 0 (no exception set) for another object, or an array the wrapper must refuse */
static int kparams_array(PyObject *o, Py_buffer *view, uint64_t *word) {
    if (strcmp(Py_TYPE(o)->tp_name, "numpy.ndarray") != 0)
        return 0;
    if (PyObject_GetBuffer(o, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) {
        PyErr_Clear();  /* not C-contiguous: the wrapper says so */
        return 0;
    }
    if (view->format != NULL && strchr(view->format, 'O') != NULL) {  /* Python objects, not pointers */
        PyBuffer_Release(view);
        return 0;
    }
    *word = (uint64_t)(uintptr_t)view->buf;
    return 1;
}

/* the call, with slots[] and table[] for a kernelParams argument and chars[CHARS_MAX] for a string output (each
 * NULL for a function without one: only the callables that need them carry them on their frames) */
static inline PyObject *fastcall_call(FastCall *self, PyObject *const *args, size_t nargsf, PyObject *kwnames,
                                      uint64_t *slots, void **table, char *chars) {
    Py_ssize_t n = PyVectorcall_NARGS(nargsf), i;
    uint64_t in[MAX_IN], out[MAX_OUT];
    const OutSpec *typed = NULL;
    Py_buffer view;
    int status, held = 0;
    Py_ssize_t nchars = 0;
    if (kwnames != NULL || n != self->nin)
        goto wrapper;
    for (i = 0; i < n; i++) {
        if (convert(&self->in[i], args[i], &in[i]))
            continue;
        if (i != self->kparams || slots == NULL)
            goto wrapper;
        if (!pack_kparams(self, args[i], slots, table, &in[i]) && !(held = kparams_array(args[i], &view, &in[i])))
            goto wrapper;
    }
    if (self->typed_out >= 0) {  /* the attribute (an int by now) must be one whose value is a scalar */
        PyObject *attr = args[self->typed_by], *index;
        long k;
        if (PyBool_Check(attr))
            goto wrapper;
        index = PyDict_GetItemWithError(self->typed, attr);
        if (index == NULL) {
            PyErr_Clear();
            goto wrapper;
        }
        k = PyLong_AsLong(index);
        if (k < 0 || k >= self->ntyped) {
            PyErr_Clear();
            goto wrapper;
        }
        typed = &self->typed_spec[k];
    }
    if (self->chars_out >= 0) {  /* the length (an int by now): spaces then the library's string, as cuda.bindings */
        int64_t length;
        if (chars == NULL)  /* not this callable's frame: never the case, as wrap() pairs them */
            goto wrapper;
        length = (int64_t)in[self->chars_by];
        if (length < 1 || length > CHARS_MAX)  /* 0, negative (the wrapper names it) or longer than chars[] */
            goto wrapper;
        nchars = (Py_ssize_t)length;
        memset(chars, ' ', (size_t)nchars);
        out[self->chars_out] = (uint64_t)(uintptr_t)chars;
    }
    Py_BEGIN_ALLOW_THREADS
    status = self->fn(in, out);
    Py_END_ALLOW_THREADS
    if (held)
        PyBuffer_Release(&view);
    held = 0;
    if (status == self->unbound)  /* nothing was called: the wrapper binds the function and calls it */
        goto wrapper;
    return result(self, status, out, typed, nchars);
wrapper:
    if (held)
        PyBuffer_Release(&view);
    return PyObject_Vectorcall(self->wrapper, args, nargsf, kwnames);
}

static PyObject *fastcall_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    return fastcall_call((FastCall *)op, args, nargsf, kwnames, NULL, NULL, NULL);
}

static PyObject *fastcall_chars_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    char chars[CHARS_MAX];
    return fastcall_call((FastCall *)op, args, nargsf, kwnames, NULL, NULL, chars);
}

static PyObject *fastcall_launch_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    uint64_t slots[KPARAMS_MAX];
    void *table[KPARAMS_MAX];
    return fastcall_call((FastCall *)op, args, nargsf, kwnames, slots, table, NULL);
}

/* every reference a FastCall holds, each given to DO (Py_VISIT or Py_CLEAR) */
#define FASTCALL_REFS(self, DO)                          \
    do {                                                 \
        Py_ssize_t i_;                                   \
        DO((self)->wrapper);                             \
        DO((self)->ok);                                  \
        DO((self)->statuses);                            \
        DO((self)->typed);                               \
        DO((self)->planner);                             \
        DO((self)->plans);                               \
        DO((self)->last_types);                          \
        DO((self)->last_codes);                          \
        for (i_ = 0; i_ < (self)->nin; i_++)             \
            DO((self)->in[i_].cls);                      \
        for (i_ = 0; i_ < (self)->nout; i_++)            \
            DO((self)->out[i_].obj);                     \
        for (i_ = 0; i_ < (self)->ntyped; i_++)          \
            DO((self)->typed_spec[i_].obj);              \
    } while (0)

GC_FUNCTIONS(fastcall, FastCall, FASTCALL_REFS)

/* name, qualname, module, doc, signature, __code__ ...: the wrapper's */
static PyObject *standin_getattro(PyObject *self, PyObject *name) {
    PyObject *r = PyObject_GenericGetAttr(self, name);
    if (r != NULL || !PyErr_ExceptionMatches(PyExc_AttributeError))
        return r;
    PyErr_Clear();
    return PyObject_GetAttr(((Standin *)self)->wrapper, name);
}

static PyObject *standin_doc(Standin *self, void *closure) {
    (void)closure;
    return PyObject_GetAttrString(self->wrapper, "__doc__");
}

static PyObject *standin_wrapped(Standin *self, void *closure) {
    (void)closure;
    Py_INCREF(self->wrapper);
    return self->wrapper;
}

static PyGetSetDef standin_getset[] = {
    {"__doc__", (getter)standin_doc, NULL, NULL, NULL},
    {"__wrapped__", (getter)standin_wrapped, NULL, "the Python function this calls for what it does not make", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyObject *fastcall_repr(FastCall *self) {
    return PyObject_Repr(self->wrapper);
}

/* pickled by name, as a function is */
static PyObject *fastcall_reduce(FastCall *self, PyObject *unused) {
    (void)unused;
    return PyObject_GetAttrString(self->wrapper, "__qualname__");
}

static PyMethodDef fastcall_methods[] = {
    {"__reduce__", (PyCFunction)fastcall_reduce, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject FastCallType = {
    CALLABLE_TYPE(FastCall, "cudacffi._fastcall.FastCall", fastcall_traverse, fastcall_clear),
    .tp_repr = (reprfunc)fastcall_repr,
    .tp_getattro = standin_getattro,
    .tp_methods = fastcall_methods,
    .tp_getset = standin_getset,
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
    if (k < IN_INT || k > IN_KPARAMS || l > 0) {
        PyErr_SetString(PyExc_ValueError, "wrap(): an input's kind or range is not one of _fastcall's");
        return 0;
    }
    if ((k == IN_PTR_HANDLE || k == IN_INT_HANDLE)
        && (!PyType_Check(cls) || !PyType_IsSubtype((PyTypeObject *)cls, handle_type))) {
        PyErr_SetString(PyExc_TypeError, "wrap(): a handle input's class must derive from Handle");
        return 0;
    }
    s->kind = (int)k;
    s->lo = l;
    s->hi = h;
    s->cls = k == IN_PTR_HANDLE || k == IN_INT_HANDLE ? (PyTypeObject *)cls : NULL;
    Py_XINCREF(s->cls);
    return 1;
}

static int parse_out(PyObject *spec, OutSpec *s) {
    PyObject *kind, *is_signed, *obj, *size = NULL;
    long long k, sg, sz = 8;
    if (!PyTuple_Check(spec) || !PyArg_UnpackTuple(spec, "output", 3, 4, &kind, &is_signed, &obj, &size))
        return 0;
    if (!int_of(kind, "an output's kind", &k) || !int_of(is_signed, "an output's signedness", &sg))
        return 0;
    if (size != NULL && !int_of(size, "an output's size", &sz))
        return 0;
    if (sz != 1 && sz != 4 && sz != 8) {
        PyErr_SetString(PyExc_ValueError, "wrap(): an output's size must be 1, 4 or 8");
        return 0;
    }
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
    } else if (k != OUT_PLAIN && k != OUT_BOOL && k != OUT_FLOAT) {
        PyErr_SetString(PyExc_ValueError, "wrap(): an output's kind is not one of _fastcall's");
        return 0;
    }
    s->kind = (int)k;
    s->is_signed = sg != 0;
    s->size = (int)sz;
    s->obj = k == OUT_PLAIN || k == OUT_BOOL || k == OUT_FLOAT ? NULL : obj;
    Py_XINCREF(s->obj);
    return 1;
}

static int parse_typed(FastCall *self, Py_ssize_t i, PyObject *o) {
    long long k, by;
    PyObject *specs = PyTuple_GET_ITEM(o, 3);
    Py_ssize_t j;
    if (!int_of(PyTuple_GET_ITEM(o, 0), "a typed output's kind", &k) || !int_of(PyTuple_GET_ITEM(o, 1),
                                                                                "a typed output's argument", &by))
        return 0;
    if (k != OUT_TYPED || self->typed_out >= 0 || by < 0 || by >= self->nin || !PyTuple_Check(specs)
        || PyTuple_GET_SIZE(specs) > MAX_TYPED || self->in[by].kind != IN_INT) {
        PyErr_SetString(PyExc_ValueError, "wrap(): one typed output, typed by an int argument, of at most 48 types");
        return 0;
    }
    for (j = 0; j < PyTuple_GET_SIZE(specs); j++) {
        if (!parse_out(PyTuple_GET_ITEM(specs, j), &self->typed_spec[j]))
            return 0;
        if (self->typed_spec[j].kind == OUT_TYPED || self->typed_spec[j].kind == OUT_ENUM) {
            Py_CLEAR(self->typed_spec[j].obj);
            PyErr_SetString(PyExc_ValueError, "wrap(): a typed output's types are ints, bools and handles");
            return 0;
        }
        self->ntyped = j + 1;
    }
    Py_INCREF(PyTuple_GET_ITEM(o, 2));
    self->typed = PyTuple_GET_ITEM(o, 2);
    self->typed_out = i;
    self->typed_by = by;
    return 1;
}

static int parse_chars(FastCall *self, Py_ssize_t i, PyObject *o) {
    long long k, by;
    if (!int_of(PyTuple_GET_ITEM(o, 0), "a string output's kind", &k)
        || !int_of(PyTuple_GET_ITEM(o, 1), "a string output's length argument", &by))
        return 0;
    if (k != OUT_CHARS || self->chars_out >= 0 || self->kparams >= 0 || by < 0 || by >= self->nin
        || self->in[by].kind != IN_INT) {
        PyErr_SetString(PyExc_ValueError, "wrap(): one string output, its length an int argument, no kernelParams");
        return 0;
    }
    self->chars_out = i;
    self->chars_by = by;
    return 1;
}

PyDoc_STRVAR(wrap_doc,
"wrap(entry, wrapper, ok, statuses, unbound, inputs, outputs) -> callable\n\n"
"A callable that calls the _cf_ entry at address ``entry`` and falls back to ``wrapper``. ``inputs``:\n"
"(kind, lo, hi, handle class or None) per argument; ``outputs``: (kind, signed, class or value->member\n"
"dict) per output, (4, argument, {value: index}, (output, ...)) for an attribute-typed one, (5, argument)\n"
"for a string in a buffer of that argument's length; ``ok``, ``statuses``: the status enum's success member\n"
"and value -> member dict.");

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
    if (!entry_address(entry, "wrap", &address))
        return NULL;
    if (!PyCallable_Check(wrapper)) {
        PyErr_SetString(PyExc_ValueError, "wrap(): needs a callable wrapper");
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
    self->nin = self->nout = self->ntyped = 0;
    self->typed_out = self->typed_by = self->kparams = self->chars_out = self->chars_by = -1;
    self->typed = self->planner = self->plans = self->last_types = self->last_codes = NULL;
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
        if (self->in[i].kind == IN_KPARAMS) {  /* (kind, lo, hi, planner) */
            PyObject *planner = PyTuple_GET_ITEM(PyTuple_GET_ITEM(ins, i), 3);
            if (self->kparams >= 0 || !PyCallable_Check(planner) || (self->plans = PyDict_New()) == NULL) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_ValueError, "wrap(): one kernelParams input, with a callable planner");
                goto fail;
            }
            Py_INCREF(planner);
            self->planner = planner;
            self->kparams = i;
            self->vectorcall = fastcall_launch_vectorcall;
        }
    }
    for (i = 0; i < PyTuple_GET_SIZE(outs); i++) {
        PyObject *o = PyTuple_GET_ITEM(outs, i);
        if (PyTuple_Check(o) && PyTuple_GET_SIZE(o) == 4 && PyDict_Check(PyTuple_GET_ITEM(o, 2))) {
            if (!parse_typed(self, i, o))  /* (OUT_TYPED, by, {value: index}, (spec, ...)) */
                goto fail;
            self->out[i].kind = OUT_TYPED;
            self->out[i].obj = NULL;
        } else if (PyTuple_Check(o) && PyTuple_GET_SIZE(o) == 2) {
            if (!parse_chars(self, i, o))  /* (OUT_CHARS, by) */
                goto fail;
            self->out[i].kind = OUT_CHARS;
            self->out[i].obj = NULL;
            self->vectorcall = fastcall_chars_vectorcall;
        } else if (!parse_out(o, &self->out[i])) {
            goto fail;
        }
        self->nout = i + 1;
    }
    PyObject_GC_Track(self);
    return (PyObject *)self;
fail:
    PyObject_GC_Track(self);
    Py_DECREF(self);
    return NULL;
}

/* -- cudacffi.core's launch(): a plan's arguments packed and launched in C ------------------------------------
 *
 * A Launcher is made for one tuple of argument classes (a kernel's plan, see core/_launch.py) whose values all
 * pack as C scalars: each argument is checked to be of its class exactly, its value (the argument itself, or
 * its _v slot: a Buffer's or handle's address) packed at its offset into a blob on this frame, and the launch
 * made through the driver family's _cc_launch_blob with the GIL released. It returns the driver's status, or
 * None for "not this plan's classes, or a value this cannot pack": launch() then takes its checked path, which
 * names the argument. */

#define BLOB_MAX 4096

typedef int (*launch_fn)(const void *config, uintptr_t f, const char *blob, const uint32_t *offsets, int n);

typedef struct {
    PyTypeObject *cls;
    Py_ssize_t slot;        /* the offset of the class's _v slot, or -1: the argument is the value */
    char code;              /* its struct code: b B h H i I q Q P f d ? */
} LaunchArg;

#define LAUNCH_MAX_ARGS 64

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    launch_fn fn;
    Py_ssize_t n;
    uint32_t offsets[LAUNCH_MAX_ARGS];
    LaunchArg arg[LAUNCH_MAX_ARGS];
} Launcher;

static int pack_arg(const LaunchArg *a, PyObject *o, char *at) {
    PyObject *v = o;
    if (Py_TYPE(o) != a->cls)
        return 0;
    if (a->slot >= 0) {
        v = *(PyObject **)((char *)o + a->slot);
        if (v == NULL)  /* a closed Buffer: the checked path says so */
            return 0;
    }
    return pack_value(a->code, v, at);
}

/* launcher(args, (native, config address), function handle) -> status, or None */
static PyObject *launcher_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    Launcher *self = (Launcher *)op;
    PyObject *values, *native;
    unsigned long long config, function;
    char blob[BLOB_MAX] __attribute__((aligned(16)));
    Py_ssize_t i;
    int status;
    if (kwnames != NULL || PyVectorcall_NARGS(nargsf) != 3 || !PyTuple_Check(args[0]) || !PyTuple_Check(args[1])
        || PyTuple_GET_SIZE(args[1]) != 2) {
        PyErr_SetString(PyExc_TypeError, "a launcher takes (arguments, (native, config address), function)");
        return NULL;
    }
    values = args[0];
    native = args[1];
    if (PyTuple_GET_SIZE(values) != self->n)
        Py_RETURN_NONE;
    for (i = 0; i < self->n; i++)
        if (!pack_arg(&self->arg[i], PyTuple_GET_ITEM(values, i), blob + self->offsets[i]))
            Py_RETURN_NONE;
    config = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(native, 1));
    if (config == (unsigned long long)-1 && PyErr_Occurred())
        return NULL;
    function = PyLong_AsUnsignedLongLong(args[2]);
    if (function == (unsigned long long)-1 && PyErr_Occurred())
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    status = self->fn((const void *)(uintptr_t)config, (uintptr_t)function, blob, self->offsets, (int)self->n);
    Py_END_ALLOW_THREADS
    return PyLong_FromLong(status);
}

#define LAUNCHER_REFS(self, DO)                \
    do {                                       \
        Py_ssize_t i_;                         \
        for (i_ = 0; i_ < (self)->n; i_++)     \
            DO((self)->arg[i_].cls);           \
    } while (0)
GC_FUNCTIONS(launcher, Launcher, LAUNCHER_REFS)

static PyTypeObject LauncherType = {
    CALLABLE_TYPE(Launcher, "cudacffi._fastcall.Launcher", launcher_traverse, launcher_clear),
};

PyDoc_STRVAR(launcher_doc,
"launcher(entry, args) -> callable\n\n"
"A launcher through _cc_launch_blob at address ``entry`` for arguments ``args``: (class, from_slot, code,\n"
"offset) each, ``from_slot`` true where the value is the class's _v slot (a Buffer's or handle's address).");

static PyObject *make_launcher(PyObject *module, PyObject *args) {
    PyObject *entry, *specs;
    unsigned long long address;
    Py_ssize_t i, n;
    Launcher *self;
    (void)module;
    if (!PyArg_ParseTuple(args, "OO!:launcher", &entry, &PyTuple_Type, &specs))
        return NULL;
    if (!entry_address(entry, "launcher", &address))
        return NULL;
    n = PyTuple_GET_SIZE(specs);
    if (n > LAUNCH_MAX_ARGS) {
        PyErr_SetString(PyExc_ValueError, "launcher(): at most 64 arguments");
        return NULL;
    }
    self = PyObject_GC_New(Launcher, &LauncherType);
    if (self == NULL)
        return NULL;
    self->vectorcall = launcher_vectorcall;
    self->fn = (launch_fn)(uintptr_t)address;
    self->n = 0;
    for (i = 0; i < n; i++) {
        PyObject *cls, *from_slot, *code;
        unsigned long offset;
        Py_ssize_t slot = -1, size;
        const char *c;
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(specs, i), "O!OUk:launcher argument", &PyType_Type, &cls, &from_slot,
                              &code, &offset))
            goto fail;
        c = PyUnicode_AsUTF8(code);
        if (c == NULL)
            goto fail;
        size = strlen(c) == 1 ? (strchr("bB?", c[0]) ? 1 : strchr("hH", c[0]) ? 2 : strchr("iIf", c[0]) ? 4
                                 : strchr("qQPd", c[0]) ? 8 : 0) : 0;
        if (size == 0 || offset % size || offset + size > BLOB_MAX) {
            PyErr_Format(PyExc_ValueError, "launcher(): argument %zd: code %R at offset %lu is not one it packs",
                         i, code, offset);
            goto fail;
        }
        if (PyObject_IsTrue(from_slot)) {
            PyObject *descr = PyObject_GetAttrString(cls, "_v");
            if (descr == NULL)
                goto fail;
            if (Py_TYPE(descr) != &PyMemberDescr_Type
                || ((PyMemberDescrObject *)descr)->d_member->type != T_OBJECT_EX) {
                Py_DECREF(descr);
                PyErr_Format(PyExc_TypeError, "launcher(): argument %zd: %R has no _v object slot", i, cls);
                goto fail;
            }
            slot = ((PyMemberDescrObject *)descr)->d_member->offset;
            Py_DECREF(descr);
        }
        Py_INCREF(cls);
        self->arg[i].cls = (PyTypeObject *)cls;
        self->arg[i].slot = slot;
        self->arg[i].code = c[0];
        self->offsets[i] = (uint32_t)offset;
        self->n = i + 1;
    }
    PyObject_GC_Track(self);
    return (PyObject *)self;
fail:
    PyObject_GC_Track(self);
    Py_DECREF(self);
    return NULL;
}

/* -- a garbage-collection backstop without a Python __del__ ------------------------------------------------------
 *
 * Backstop is a base class for a Python class with __slots__ (cudacffi.core's Buffer). Its finalizer, which
 * runs on every instance's destruction, reads two slots in C and calls the Python hook only where both hold
 * something (the memory was never freed): a Python __del__ would cost a call on every destruction. backstop()
 * registers the class, its two slots and the hook. */

static PyTypeObject *backstop_cls;
static Py_ssize_t backstop_first, backstop_second;
static PyObject *backstop_hook;

static void backstop_finalize(PyObject *self) {
    PyObject *first, *second, *r, *type, *value, *tb;
    if (backstop_hook == NULL || !PyType_IsSubtype(Py_TYPE(self), backstop_cls))
        return;
    first = *(PyObject **)((char *)self + backstop_first);
    second = *(PyObject **)((char *)self + backstop_second);
    if (first == NULL || first == Py_None || second == NULL || second == Py_None)
        return;
    PyErr_Fetch(&type, &value, &tb);
    r = PyObject_CallOneArg(backstop_hook, self);
    if (r == NULL)
        PyErr_WriteUnraisable(backstop_hook);
    else
        Py_DECREF(r);
    PyErr_Restore(type, value, tb);
}

static PyTypeObject BackstopType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "cudacffi._fastcall.Backstop",
    .tp_basicsize = sizeof(PyObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_finalize = backstop_finalize,
    .tp_new = PyType_GenericNew,
    .tp_doc = "A base whose finalizer calls backstop()'s hook where two slots still hold values.",
};

static Py_ssize_t object_slot(PyObject *cls, PyObject *name) {
    PyObject *descr = PyObject_GetAttr(cls, name);
    Py_ssize_t offset = -1;
    if (descr == NULL)
        return -1;
    if (Py_TYPE(descr) == &PyMemberDescr_Type && ((PyMemberDescrObject *)descr)->d_member->type == T_OBJECT_EX)
        offset = ((PyMemberDescrObject *)descr)->d_member->offset;
    else
        PyErr_Format(PyExc_TypeError, "%R is not an object slot of %R", name, cls);
    Py_DECREF(descr);
    return offset;
}

/* object_slot of the slot called ``name`` (a C string) */
static Py_ssize_t named_slot(PyObject *cls, const char *name) {
    PyObject *s = PyUnicode_FromString(name);
    Py_ssize_t offset = s != NULL ? object_slot(cls, s) : -1;
    Py_XDECREF(s);
    return offset;
}

PyDoc_STRVAR(backstop_doc,
"backstop(cls, first, second, hook): instances of ``cls`` (a subclass of Backstop) destroyed while slots\n"
"``first`` and ``second`` both hold values other than None are passed to ``hook``.");

static PyObject *backstop(PyObject *module, PyObject *args) {
    PyObject *cls, *first, *second, *hook;
    Py_ssize_t a, b;
    (void)module;
    if (!PyArg_ParseTuple(args, "O!UUO:backstop", &PyType_Type, &cls, &first, &second, &hook))
        return NULL;
    if (!PyType_IsSubtype((PyTypeObject *)cls, &BackstopType) || !PyCallable_Check(hook)) {
        PyErr_SetString(PyExc_TypeError, "backstop(): needs a subclass of Backstop and a callable hook");
        return NULL;
    }
    if (backstop_cls != NULL && backstop_cls != (PyTypeObject *)cls) {
        PyErr_SetString(PyExc_RuntimeError, "backstop(): another class is registered already");
        return NULL;
    }
    if ((a = object_slot(cls, first)) < 0 || (b = object_slot(cls, second)) < 0)
        return NULL;
    Py_INCREF(cls);
    Py_INCREF(hook);
    Py_XDECREF(backstop_cls);
    Py_XDECREF(backstop_hook);
    backstop_cls = (PyTypeObject *)cls;
    backstop_hook = hook;
    backstop_first = a;
    backstop_second = b;
    Py_RETURN_NONE;
}

/* -- constructors that fill slots ----------------------------------------------------------------------------
 *
 * constructor(cls, nargs, fills, nones) makes new instances of a class with __slots__ without running Python:
 * make(a0, ..., a[nargs-1]) allocates one (tp_alloc), stores argument k in each slot that ``fills`` maps to
 * k and None in the slots ``nones`` names. cudacffi.core's pool allocations make their Buffers so. */

#define CONSTRUCTOR_MAX 16

typedef struct {
    PyObject_HEAD
    vectorcallfunc vectorcall;
    PyTypeObject *cls;
    Py_ssize_t nargs, nfill, nnone;
    Py_ssize_t fill_offset[CONSTRUCTOR_MAX], fill_arg[CONSTRUCTOR_MAX], none_offset[CONSTRUCTOR_MAX];
} Constructor;

static PyObject *constructor_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    Constructor *self = (Constructor *)op;
    PyObject *o;
    Py_ssize_t i;
    if (kwnames != NULL || PyVectorcall_NARGS(nargsf) != self->nargs) {
        PyErr_Format(PyExc_TypeError, "%s constructor takes %zd positional arguments", self->cls->tp_name, self->nargs);
        return NULL;
    }
    o = self->cls->tp_alloc(self->cls, 0);
    if (o == NULL)
        return NULL;
    for (i = 0; i < self->nfill; i++) {
        PyObject *v = args[self->fill_arg[i]];
        Py_INCREF(v);
        *(PyObject **)((char *)o + self->fill_offset[i]) = v;
    }
    for (i = 0; i < self->nnone; i++) {
        Py_INCREF(Py_None);
        *(PyObject **)((char *)o + self->none_offset[i]) = Py_None;
    }
    return o;
}

#define CONSTRUCTOR_REFS(self, DO) DO((self)->cls)
GC_FUNCTIONS(constructor, Constructor, CONSTRUCTOR_REFS)

static PyTypeObject ConstructorType = {
    CALLABLE_TYPE(Constructor, "cudacffi._fastcall.Constructor", constructor_traverse, constructor_clear),
};

/* the offsets of the object slots of cls that the tuple ``names`` names, into offsets[], *count of them */
static int slot_offsets(PyObject *cls, PyObject *names, Py_ssize_t *offsets, Py_ssize_t *count) {
    Py_ssize_t i;
    for (i = 0; i < PyTuple_GET_SIZE(names); i++) {
        Py_ssize_t offset = object_slot(cls, PyTuple_GET_ITEM(names, i));
        if (offset < 0)
            return 0;
        offsets[i] = offset;
        *count = i + 1;
    }
    return 1;
}

/* resetter(cls, nones, cleared) -> reset: ``reset(obj)`` sets the slots ``nones`` names to None and empties the
 * slots ``cleared`` names (reading one then raises AttributeError), releasing what they held; ``obj`` must be a
 * ``cls``. cudacffi.core's Buffer.close ends so. */
static PyObject *resetter_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    Constructor *self = (Constructor *)op;
    PyObject *o, *old;
    Py_ssize_t i;
    if (kwnames != NULL || PyVectorcall_NARGS(nargsf) != 1 || !PyObject_TypeCheck(args[0], self->cls)) {
        PyErr_Format(PyExc_TypeError, "reset() takes one %s", self->cls->tp_name);
        return NULL;
    }
    o = args[0];
    for (i = 0; i < self->nnone; i++) {
        PyObject **slot = (PyObject **)((char *)o + self->none_offset[i]);
        old = *slot;
        Py_INCREF(Py_None);
        *slot = Py_None;
        Py_XDECREF(old);
    }
    for (i = 0; i < self->nfill; i++) {
        PyObject **slot = (PyObject **)((char *)o + self->fill_offset[i]);
        old = *slot;
        *slot = NULL;
        Py_XDECREF(old);
    }
    Py_RETURN_NONE;
}

static PyObject *make_resetter(PyObject *module, PyObject *args) {
    PyObject *cls, *nones, *cleared;
    Constructor *self;
    (void)module;
    if (!PyArg_ParseTuple(args, "O!O!O!:resetter", &PyType_Type, &cls, &PyTuple_Type, &nones, &PyTuple_Type,
                          &cleared))
        return NULL;
    if (PyTuple_GET_SIZE(nones) > CONSTRUCTOR_MAX || PyTuple_GET_SIZE(cleared) > CONSTRUCTOR_MAX) {
        PyErr_SetString(PyExc_ValueError, "resetter(): at most 16 slots of each kind");
        return NULL;
    }
    self = PyObject_GC_New(Constructor, &ConstructorType);
    if (self == NULL)
        return NULL;
    self->vectorcall = resetter_vectorcall;
    Py_INCREF(cls);
    self->cls = (PyTypeObject *)cls;
    self->nargs = 1;
    self->nfill = self->nnone = 0;
    if (!slot_offsets(cls, nones, self->none_offset, &self->nnone)
        || !slot_offsets(cls, cleared, self->fill_offset, &self->nfill))
        goto fail;
    PyObject_GC_Track(self);
    return (PyObject *)self;
fail:
    PyObject_GC_Track(self);
    Py_DECREF(self);
    return NULL;
}

PyDoc_STRVAR(resetter_doc,
"resetter(cls, nones, cleared) -> reset\n\n"
"``reset(obj)``: the slots of ``obj`` (a ``cls``) named in ``nones`` set to None, those in ``cleared`` emptied.");

PyDoc_STRVAR(constructor_doc,
"constructor(cls, nargs, fills, nones) -> make\n\n"
"``make(*nargs values)``: a new ``cls`` (no __new__ or __init__ run) with slot ``name`` set to value ``k``\n"
"for each (name, k) of ``fills``, and each slot named in ``nones`` set to None; every other slot unset.");

static PyObject *make_constructor(PyObject *module, PyObject *args) {
    PyObject *cls, *fills, *nones;
    Py_ssize_t nargs, i;
    Constructor *self;
    (void)module;
    if (!PyArg_ParseTuple(args, "O!nO!O!:constructor", &PyType_Type, &cls, &nargs, &PyTuple_Type, &fills,
                          &PyTuple_Type, &nones))
        return NULL;
    if (nargs < 0 || nargs > CONSTRUCTOR_MAX || PyTuple_GET_SIZE(fills) > CONSTRUCTOR_MAX
        || PyTuple_GET_SIZE(nones) > CONSTRUCTOR_MAX || ((PyTypeObject *)cls)->tp_alloc == NULL) {
        PyErr_SetString(PyExc_ValueError, "constructor(): at most 16 arguments and slots of an allocatable class");
        return NULL;
    }
    self = PyObject_GC_New(Constructor, &ConstructorType);
    if (self == NULL)
        return NULL;
    self->vectorcall = constructor_vectorcall;
    Py_INCREF(cls);
    self->cls = (PyTypeObject *)cls;
    self->nargs = nargs;
    self->nfill = self->nnone = 0;
    for (i = 0; i < PyTuple_GET_SIZE(fills); i++) {
        PyObject *name;
        Py_ssize_t k, offset;
        if (!PyArg_ParseTuple(PyTuple_GET_ITEM(fills, i), "Un:constructor fill", &name, &k))
            goto fail;
        if (k < 0 || k >= nargs) {
            PyErr_Format(PyExc_ValueError, "constructor(): slot %R takes argument %zd of %zd", name, k, nargs);
            goto fail;
        }
        if ((offset = object_slot(cls, name)) < 0)
            goto fail;
        self->fill_offset[i] = offset;
        self->fill_arg[i] = k;
        self->nfill = i + 1;
    }
    if (!slot_offsets(cls, nones, self->none_offset, &self->nnone))
        goto fail;
    PyObject_GC_Track(self);
    return (PyObject *)self;
fail:
    PyObject_GC_Track(self);
    Py_DECREF(self);
    return NULL;
}

/* -- cudacffi.core's pool allocations: allocate() as a method in C ---------------------------------------------
 *
 * pool_allocate(entry, unbound, fallback, stream_cls, make, fail) is a method descriptor for a memory resource
 * class on a CUDA memory pool: ``mr.allocate(size, stream=s)`` with ``s`` a live cudacffi.core Stream and
 * ``size`` a positive int, on a resource whose ``_refuses`` is false, calls cuMemAllocFromPoolAsync's _cf_
 * entry (size, mr._ph, s._h) with the GIL released and returns ``make(ptr, size, mr, s)`` (a Buffer); a
 * failure calls ``fail(status)`` (which raises). Any other call - no stream, another object, keywords other
 * than stream, the first call (not bound yet) - is ``fallback(mr, size, stream=...)``, the Python method. */

typedef struct {
    STANDIN_HEAD            /* wrapper: the Python method */
    entry_fn fn;
    int unbound;
    PyObject *stream_cls, *make, *fail;
    Py_ssize_t handle_slot, h_slot;  /* the Stream's _handle and _h */
} PoolAllocate;

static PyObject *str_stream, *str_refuses, *str_ph;

static int pool_word(PyObject *o, uint64_t *dst) {
    unsigned long long u;
    if (o == NULL || !PyLong_CheckExact(o))
        return 0;
    u = PyLong_AsUnsignedLongLong(o);
    if (u == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    *dst = u;
    return 1;
}

/* NULL, with the exception ``fail(status)`` raises (CUDAError); a RuntimeError saying ``what`` where it returns */
static PyObject *raise_status(PyObject *fail, int status, const char *what) {
    PyObject *code = PyLong_FromLong(status), *r;
    if (code == NULL)
        return NULL;
    r = PyObject_CallOneArg(fail, code);
    Py_DECREF(code);
    if (r != NULL) {
        Py_DECREF(r);
        PyErr_SetString(PyExc_RuntimeError, what);
    }
    return NULL;
}

static PyObject *pool_allocate_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    PoolAllocate *self = (PoolAllocate *)op;
    Py_ssize_t n = PyVectorcall_NARGS(nargsf);
    PyObject *mr, *size, *stream, *attr, *handle;
    uint64_t in[3], out[1];
    int refuses, status;
    if (n != 2 || kwnames == NULL || PyTuple_GET_SIZE(kwnames) != 1
        || PyUnicode_Compare(PyTuple_GET_ITEM(kwnames, 0), str_stream) != 0)
        goto fallback;
    mr = args[0];
    size = args[1];
    stream = args[2];
    if ((PyObject *)Py_TYPE(stream) != self->stream_cls)
        goto fallback;
    handle = *(PyObject **)((char *)stream + self->handle_slot);
    if (handle == NULL || handle == Py_None || !pool_word(*(PyObject **)((char *)stream + self->h_slot), &in[2]))
        goto fallback;
    if (!pool_word(size, &in[0]) || in[0] == 0)  /* a plain int > 0 (0 and the rest: the checked path) */
        goto fallback;
    attr = PyObject_GetAttr(mr, str_refuses);
    if (attr == NULL) {
        PyErr_Clear();
        goto fallback;
    }
    refuses = PyObject_IsTrue(attr);
    Py_DECREF(attr);
    if (refuses != 0) {
        PyErr_Clear();
        goto fallback;
    }
    attr = PyObject_GetAttr(mr, str_ph);
    if (attr == NULL || !pool_word(attr, &in[1])) {
        Py_XDECREF(attr);
        PyErr_Clear();
        goto fallback;
    }
    Py_DECREF(attr);
    Py_BEGIN_ALLOW_THREADS
    status = self->fn(in, out);
    Py_END_ALLOW_THREADS
    if (status == self->unbound)
        goto fallback;
    if (status != 0)
        return raise_status(self->fail, status, "allocate(): the allocation failed");
    {
        PyObject *ptr = PyLong_FromUnsignedLongLong(out[0]), *made, *margs[4];
        if (ptr == NULL)
            return NULL;
        margs[0] = ptr;
        margs[1] = size;
        margs[2] = mr;
        margs[3] = stream;
        made = PyObject_Vectorcall(self->make, margs, 4, NULL);
        Py_DECREF(ptr);
        return made;
    }
fallback:
    return PyObject_Vectorcall(self->wrapper, args, nargsf, kwnames);
}

static PyObject *pool_allocate_get(PyObject *self, PyObject *obj, PyObject *type) {
    (void)type;
    if (obj == NULL || obj == Py_None) {
        Py_INCREF(self);
        return self;
    }
    return PyMethod_New(self, obj);
}

#define POOL_ALLOCATE_REFS(self, DO) \
    do {                             \
        DO((self)->wrapper);         \
        DO((self)->stream_cls);      \
        DO((self)->make);            \
        DO((self)->fail);            \
    } while (0)

GC_FUNCTIONS(pool_allocate, PoolAllocate, POOL_ALLOCATE_REFS)

static PyTypeObject PoolAllocateType = {
    CALLABLE_TYPE_FLAGS(PoolAllocate, "cudacffi._fastcall.PoolAllocate", pool_allocate_traverse, pool_allocate_clear, METHOD_FLAGS),
    .tp_descr_get = pool_allocate_get,
    .tp_getattro = standin_getattro,
    .tp_getset = standin_getset,
};

PyDoc_STRVAR(pool_allocate_doc_,
"pool_allocate(entry, unbound, fallback, stream_cls, make, fail) -> a method descriptor (see _fastcall.c).");

static PyObject *make_pool_allocate(PyObject *module, PyObject *args) {
    PyObject *entry, *fallback, *stream_cls, *make, *fail;
    unsigned long long address;
    int unbound;
    Py_ssize_t handle_slot, h_slot;
    PoolAllocate *self;
    (void)module;
    if (!PyArg_ParseTuple(args, "OiOO!OO:pool_allocate", &entry, &unbound, &fallback, &PyType_Type, &stream_cls,
                          &make, &fail))
        return NULL;
    if (!entry_address(entry, "pool_allocate", &address))
        return NULL;
    if (!PyCallable_Check(fallback) || !PyCallable_Check(make) || !PyCallable_Check(fail)) {
        PyErr_SetString(PyExc_ValueError, "pool_allocate(): needs three callables");
        return NULL;
    }
    if ((handle_slot = named_slot(stream_cls, "_handle")) < 0 || (h_slot = named_slot(stream_cls, "_h")) < 0)
        return NULL;
    self = PyObject_GC_New(PoolAllocate, &PoolAllocateType);
    if (self == NULL)
        return NULL;
    self->vectorcall = pool_allocate_vectorcall;
    self->fn = (entry_fn)(uintptr_t)address;
    self->unbound = unbound;
    self->handle_slot = handle_slot;
    self->h_slot = h_slot;
    Py_INCREF(fallback);
    Py_INCREF(stream_cls);
    Py_INCREF(make);
    Py_INCREF(fail);
    self->wrapper = fallback;
    self->stream_cls = stream_cls;
    self->make = make;
    self->fail = fail;
    PyObject_GC_Track(self);
    return (PyObject *)self;
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


/* -- cudacffi.core's per-iteration stream and event calls, in C ------------------------------------------------
 *
 * handle_call(entry, unbound, op, fallback, fail, self_cls, arg_cls, queue, ready) is a method descriptor (or,
 * wrapped in property(), a getter) for Stream.record / Stream.wait / Stream.sync / Event.sync / Event.is_done /
 * Device.set_current() (its primary context retained, and already its Context object: ``arg_cls`` is Context) /
 * Event.__sub__ (``end - start``: the milliseconds, a float, where the driver answers; its failures are the Python
 * method's, which explains them) / Buffer.copy_to(dst, stream=s) (``dst`` a live buffer of the same class and size;
 * ``arg_cls`` is Stream) / Buffer.fill(value, stream=s) (``value`` an int in [0, 256)) / Buffer.close() (a pool's
 * buffer - its resource's ``_pool_calls`` set - with no collector guard, freed by cuMemFreeAsync on its own live
 * stream, then ``reset(buffer)``):
 * where ``self`` is a live ``self_cls`` (its ``_handle`` slot not None), the argument (record, wait) a live
 * ``arg_cls`` event (not an IPC one, for record), no release is queued (``queue``, a deque, is empty) and CUDA is
 * initialized (``ready[0]`` is True), it makes the one driver call through its C entry with the GIL released (but
 * for is_done and ``end - start``, which never wait) and answers as the Python method does; a failure calls
 * ``fail(status)`` (which raises). Every other call - other objects, keywords, the first call (not bound yet) - is
 * ``fallback``, the Python method. */

enum { OP_RECORD = 0, OP_WAIT = 1, OP_SYNC = 2, OP_EVENT_SYNC = 3, OP_EVENT_DONE = 4, OP_SET_CURRENT = 5,
       OP_ELAPSED = 6, OP_COPY_TO = 7, OP_FILL = 8, OP_CLOSE = 9 };
#define ON_STREAM(op) ((op) == OP_COPY_TO || (op) == OP_FILL)  /* (self, arg, stream=s) */
#define TWO_OBJECTS(op) ((op) == OP_RECORD || (op) == OP_WAIT || (op) == OP_ELAPSED)
#define STATUS_NOT_READY 600  /* CUDA_ERROR_NOT_READY */

/* the last int a call converted and its word, and the last handle class it checked: a loop that passes the same
 * objects again skips both (ints are immutable: the same object is the same value) */
typedef struct {
    PyObject *v;
    uint64_t w;
    PyObject *cls;
} Memo;

typedef struct {
    STANDIN_HEAD            /* wrapper: the Python method */
    entry_fn fn;
    int unbound, op;
    Memo memo_self, memo_arg;
    PyObject *self_cls, *arg_cls, *fail, *queue, *ready;
    Py_ssize_t self_handle, self_h, arg_handle, arg_ipc;  /* slot offsets (-1: none); copy_to, fill: the stream's
                                                           * _handle and _h */
    Py_ssize_t self_context, self_inited;                 /* Device's _context and _inited (set_current) */
    Py_ssize_t self_size;                                 /* Buffer's _size (copy_to, fill); arg_*: Stream's */
    Py_ssize_t self_mr, self_guard, self_stream;          /* Buffer's _mr, _guard, _stream (close) */
    PyObject *reset;                                      /* close: reset(buffer) clears its slots (or None) */
} HandleCall;

static PyObject *str_pool_calls;

#define SLOT(o, offset) (*(PyObject **)((char *)(o) + (offset)))

/* slot ``offset`` of ``o`` set to ``v`` (a new reference taken), what it held released */
static void set_slot(PyObject *o, Py_ssize_t offset, PyObject *v) {
    PyObject *old = SLOT(o, offset);
    Py_INCREF(v);
    SLOT(o, offset) = v;
    Py_XDECREF(old);
}

/* the handle word (slot ``h_at``) of ``stream`` where it is a live ``cls`` (its slot ``handle_at`` not None) */
static int live_stream(PyObject *stream, PyObject *cls, Py_ssize_t handle_at, Py_ssize_t h_at, uint64_t *h) {
    PyObject *handle;
    if (stream == NULL || (PyObject *)Py_TYPE(stream) != cls)
        return 0;
    handle = SLOT(stream, handle_at);
    return handle != NULL && handle != Py_None && pool_word(SLOT(stream, h_at), h);
}

static int is_deque(PyObject *o) {
    return strcmp(Py_TYPE(o)->tp_name, "collections.deque") == 0;
}

/* the int value of the handle object in slot ``offset`` of ``o`` (0 where it is None, closed, or no int) */
static int handle_word(PyObject *o, Py_ssize_t offset, uint64_t *dst) {
    PyObject *h = SLOT(o, offset), *v;
    if (h == NULL || h == Py_None || !PyObject_TypeCheck(h, handle_type))
        return 0;
    v = VALUE_SLOT(h);
    return v != NULL && pool_word(v, dst);
}

/* pool_word of ``v``, remembered in ``m`` */
static inline int memo_word(Memo *m, PyObject *v, uint64_t *dst) {
    if (v != NULL && v == m->v) {
        *dst = m->w;
        return 1;
    }
    if (!pool_word(v, dst))
        return 0;
    Py_INCREF(v);
    Py_XSETREF(m->v, v);
    m->w = *dst;
    return 1;
}

/* handle_word, remembered in ``m`` */
static inline int memo_handle_word(Memo *m, PyObject *o, Py_ssize_t offset, uint64_t *dst) {
    PyObject *h = SLOT(o, offset), *v;
    if (h == NULL || h == Py_None)
        return 0;
    if ((PyObject *)Py_TYPE(h) != m->cls) {
        if (!PyObject_TypeCheck(h, handle_type))
            return 0;
        Py_INCREF(Py_TYPE(h));
        Py_XSETREF(m->cls, (PyObject *)Py_TYPE(h));
    }
    v = VALUE_SLOT(h);
    return v != NULL && memo_word(m, v, dst);
}

static PyObject *handle_call_vectorcall(PyObject *op_, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    HandleCall *self = (HandleCall *)op_;
    Py_ssize_t n = PyVectorcall_NARGS(nargsf);
    PyObject *me, *arg = NULL, *r0;
    uint64_t in[4], out[1];
    int status, nin = 1;
    if (self->op == OP_CLOSE) {  /* buffer.close(): a pool's free on the buffer's own stream */
        PyObject *mr, *calls;
        int pooled;
        if (kwnames != NULL || n != 1)
            goto fallback;
        me = args[0];
        if ((PyObject *)Py_TYPE(me) != self->self_cls || PyList_GET_ITEM(self->ready, 0) != Py_True
            || Py_SIZE(self->queue) != 0 || !pool_word(SLOT(me, self->self_handle), &in[0]) || in[0] == 0
            || (mr = SLOT(me, self->self_mr)) == NULL || mr == Py_None || SLOT(me, self->self_guard) != Py_None
            || !live_stream(SLOT(me, self->self_stream), self->arg_cls, self->arg_handle, self->arg_ipc, &in[1]))
            goto fallback;
        calls = PyObject_GetAttr(mr, str_pool_calls);  /* a pool's resource: its free is cuMemFreeAsync */
        if (calls == NULL) {
            PyErr_Clear();
            goto fallback;
        }
        pooled = PyObject_IsTrue(calls);
        Py_DECREF(calls);
        if (pooled != 1) {
            PyErr_Clear();
            goto fallback;
        }
        Py_BEGIN_ALLOW_THREADS
        status = self->fn(in, out);
        Py_END_ALLOW_THREADS
        if (status == self->unbound)
            goto fallback;
        if (status != 0)
            goto failed;
        return PyObject_Vectorcall(self->reset, &me, 1, NULL);  /* (None) */
    }
    if (ON_STREAM(self->op)) {  /* buffer.copy_to(dst, stream=s), buffer.fill(value, stream=s) */
        if (kwnames == NULL || n != 2 || PyTuple_GET_SIZE(kwnames) != 1
            || PyTuple_GET_ITEM(kwnames, 0) != str_stream)  /* (keyword names are interned) */
            goto fallback;
    } else if (kwnames != NULL || n != (TWO_OBJECTS(self->op) ? 2 : 1)) {
        goto fallback;
    }
    me = args[0];
    if ((PyObject *)Py_TYPE(me) != self->self_cls)
        goto fallback;
    r0 = PyList_GET_ITEM(self->ready, 0);
    if (r0 != Py_True || Py_SIZE(self->queue) != 0)  /* cuInit not made yet, or releases queued: Python's path */
        goto fallback;
    if (ON_STREAM(self->op)) {  /* a live buffer and stream; the same size (copy), a byte value (fill) */
        PyObject *stream = args[2];
        uint64_t v;
        arg = args[1];
        if (!live_stream(stream, self->arg_cls, self->arg_handle, self->arg_ipc, &in[3])
            || !pool_word(SLOT(me, self->self_handle), &in[1]) || !pool_word(SLOT(me, self->self_size), &in[2]))
            goto fallback;
        if (self->op == OP_COPY_TO) {  /* cuMemcpyAsync(dst, src, size, stream) */
            if ((PyObject *)Py_TYPE(arg) != self->self_cls || !pool_word(SLOT(arg, self->self_handle), &in[0])
                || !pool_word(SLOT(arg, self->self_size), &v) || v != in[2])
                goto fallback;
        } else {  /* cuMemsetD8Async(ptr, value, size, stream) */
            if (!PyLong_CheckExact(arg) || !pool_word(arg, &v) || v > 255)
                goto fallback;
            in[0] = in[1];
            in[1] = v;
        }
        nin = 4;
    } else if (self->op == OP_RECORD || self->op == OP_WAIT) {
        uint64_t stream, event;
        arg = args[1];
        if ((PyObject *)Py_TYPE(arg) != self->arg_cls)
            goto fallback;
        if (SLOT(me, self->self_handle) == NULL || SLOT(me, self->self_handle) == Py_None
            || !memo_word(&self->memo_self, SLOT(me, self->self_h), &stream)
            || !memo_handle_word(&self->memo_arg, arg, self->arg_handle, &event))
            goto fallback;
        if (self->op == OP_RECORD) {
            if (SLOT(arg, self->arg_ipc) != Py_False)
                goto fallback;
            in[0] = event;
            in[1] = stream;
            nin = 2;
        } else {
            in[0] = stream;
            in[1] = event;
            in[2] = 0;
            nin = 3;
        }
    } else if (self->op == OP_ELAPSED) {  /* end - start: cuEventElapsedTime(&ms, start, end) */
        arg = args[1];
        if ((PyObject *)Py_TYPE(arg) != self->arg_cls
            || !memo_handle_word(&self->memo_arg, arg, self->arg_handle, &in[0])
            || !memo_handle_word(&self->memo_self, me, self->self_handle, &in[1]))
            goto fallback;
        nin = 2;
    } else if (self->op == OP_SET_CURRENT) {
        /* self._primary (retained) and self._context over that very handle: the Python method's loop case */
        PyObject *primary = SLOT(me, self->self_handle), *context = SLOT(me, self->self_context);
        if (primary == NULL || primary == Py_None || context == NULL || context == Py_None
            || (PyObject *)Py_TYPE(context) != self->arg_cls || SLOT(context, self->arg_handle) != primary
            || !handle_word(me, self->self_handle, &in[0]))
            goto fallback;
    } else if (self->op == OP_SYNC) {
        if (SLOT(me, self->self_handle) == NULL || SLOT(me, self->self_handle) == Py_None
            || !memo_word(&self->memo_self, SLOT(me, self->self_h), &in[0]))
            goto fallback;
    } else if (!memo_handle_word(&self->memo_self, me, self->self_handle, &in[0])) {
        goto fallback;
    }
    (void)nin;
    if (self->op == OP_EVENT_DONE || self->op == OP_ELAPSED) {
        status = self->fn(in, out);  /* queries that never wait: no GIL hand-off (it costs more than the call) */
    } else {
        Py_BEGIN_ALLOW_THREADS
        status = self->fn(in, out);
        Py_END_ALLOW_THREADS
    }
    if (status == self->unbound)
        goto fallback;
    if (self->op == OP_EVENT_DONE && (status == 0 || status == STATUS_NOT_READY))
        return PyBool_FromLong(status == 0);
    if (self->op == OP_ELAPSED) {  /* a failure: the Python method explains it (timing disabled, not recorded...) */
        if (status != 0)
            goto fallback;
        return PyFloat_FromDouble(float_of(out[0]));
    }
    if (status != 0)
        goto failed;
    if (self->op == OP_RECORD || self->op == OP_COPY_TO) {
        Py_INCREF(arg);
        return arg;
    }
    if (self->op == OP_SET_CURRENT)  /* self._inited = True */
        set_slot(me, self->self_inited, Py_True);
    Py_RETURN_NONE;
failed:
    return raise_status(self->fail, status, "the driver call failed");
fallback:
    return PyObject_Vectorcall(self->wrapper, args, nargsf, kwnames);
}

#define HANDLE_CALL_REFS(self, DO) \
    do {                           \
        DO((self)->memo_self.v);   \
        DO((self)->memo_self.cls); \
        DO((self)->memo_arg.v);    \
        DO((self)->memo_arg.cls);  \
        DO((self)->reset);         \
        DO((self)->wrapper);       \
        DO((self)->self_cls);      \
        DO((self)->arg_cls);       \
        DO((self)->fail);          \
        DO((self)->queue);         \
        DO((self)->ready);         \
    } while (0)

GC_FUNCTIONS(handle_call, HandleCall, HANDLE_CALL_REFS)

static PyTypeObject HandleCallType = {
    CALLABLE_TYPE_FLAGS(HandleCall, "cudacffi._fastcall.HandleCall", handle_call_traverse, handle_call_clear, METHOD_FLAGS),
    .tp_descr_get = pool_allocate_get,
    .tp_getattro = standin_getattro,
    .tp_getset = standin_getset,
};

PyDoc_STRVAR(handle_call_doc,
"handle_call(entry, unbound, op, fallback, fail, self_cls, arg_cls, queue, ready[, reset]) -> a method descriptor for\n"
"cudacffi.core's record (op 0), wait (1), Stream.sync (2), Event.sync (3), Event.is_done (4), Device.set_current\n"
"(5), Event.__sub__ (6), Buffer.copy_to (7), Buffer.fill (8), Buffer.close (9; reset: its resetter) (see\n"
"_fastcall.c).");

static PyObject *make_handle_call(PyObject *module, PyObject *args) {
    PyObject *entry, *fallback, *fail, *self_cls, *arg_cls, *queue, *ready, *reset = Py_None;
    unsigned long long address;
    int unbound, op;
    HandleCall *self;
    Py_ssize_t self_handle, self_h = -1, arg_handle = -1, arg_ipc = -1, self_context = -1, self_inited = -1;
    Py_ssize_t self_size = -1, self_mr = -1, self_guard = -1, self_stream = -1;
    (void)module;
    if (!PyArg_ParseTuple(args, "OiiOOO!OOO!|O:handle_call", &entry, &unbound, &op, &fallback, &fail, &PyType_Type,
                          &self_cls, &arg_cls, &queue, &PyList_Type, &ready, &reset))
        return NULL;
    if (!entry_address(entry, "handle_call", &address))
        return NULL;
    if (op < OP_RECORD || op > OP_CLOSE || !PyCallable_Check(fallback) || !PyCallable_Check(fail)
        || PyList_GET_SIZE(ready) < 1 || handle_type == NULL || !PyObject_TypeCheck(queue, &PyBaseObject_Type)
        || !is_deque(queue)) {
        PyErr_SetString(PyExc_ValueError, "handle_call(): an op in 0..9, two callables, a deque and a [flag] "
                        "(after setup())");
        return NULL;
    }
    if ((self_handle = named_slot(self_cls, op == OP_SET_CURRENT ? "_primary"
                                            : ON_STREAM(op) || op == OP_CLOSE ? "_ptr" : "_handle")) < 0)
        return NULL;
    if (op == OP_CLOSE) {  /* a buffer's _mr, _guard, _stream; the stream's _handle and _h; the resetter */
        if (!PyType_Check(arg_cls) || !PyCallable_Check(reset)) {
            PyErr_SetString(PyExc_TypeError, "handle_call(): close needs the stream class and a resetter");
            return NULL;
        }
        if ((self_mr = named_slot(self_cls, "_mr")) < 0 || (self_guard = named_slot(self_cls, "_guard")) < 0
            || (self_stream = named_slot(self_cls, "_stream")) < 0 || (arg_handle = named_slot(arg_cls, "_handle")) < 0
            || (arg_ipc = named_slot(arg_cls, "_h")) < 0)
            return NULL;
    }
    if (ON_STREAM(op)) {  /* a buffer's _ptr and _size; the stream's _handle and _h (in arg_handle, arg_ipc) */
        if (!PyType_Check(arg_cls)) {
            PyErr_SetString(PyExc_TypeError, "handle_call(): copy_to and fill need the stream class");
            return NULL;
        }
        if ((self_size = named_slot(self_cls, "_size")) < 0 || (arg_handle = named_slot(arg_cls, "_handle")) < 0
            || (arg_ipc = named_slot(arg_cls, "_h")) < 0)
            return NULL;
    }
    if (op == OP_SET_CURRENT) {
        if (!PyType_Check(arg_cls)) {
            PyErr_SetString(PyExc_TypeError, "handle_call(): set_current needs the context class");
            return NULL;
        }
        if ((self_context = named_slot(self_cls, "_context")) < 0 || (self_inited = named_slot(self_cls, "_inited")) < 0
            || (arg_handle = named_slot(arg_cls, "_handle")) < 0)
            return NULL;
    }
    if (op == OP_RECORD || op == OP_WAIT || op == OP_SYNC) {
        if ((self_h = named_slot(self_cls, "_h")) < 0)
            return NULL;
    }
    if (op == OP_ELAPSED && (!PyType_Check(arg_cls) || (arg_handle = named_slot(arg_cls, "_handle")) < 0)) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_TypeError, "handle_call(): the difference of two events needs the event class");
        return NULL;
    }
    if (op == OP_RECORD || op == OP_WAIT) {
        if (!PyType_Check(arg_cls)) {
            PyErr_SetString(PyExc_TypeError, "handle_call(): record and wait need the event class");
            return NULL;
        }
        if ((arg_handle = named_slot(arg_cls, "_handle")) < 0 || (arg_ipc = named_slot(arg_cls, "_ipc")) < 0)
            return NULL;
    }
    self = PyObject_GC_New(HandleCall, &HandleCallType);
    if (self == NULL)
        return NULL;
    self->vectorcall = handle_call_vectorcall;
    self->fn = (entry_fn)(uintptr_t)address;
    self->unbound = unbound;
    self->op = op;
    self->self_handle = self_handle;
    self->self_h = self_h;
    self->arg_handle = arg_handle;
    self->arg_ipc = arg_ipc;
    self->self_context = self_context;
    self->self_inited = self_inited;
    self->self_size = self_size;
    self->memo_self.v = self->memo_self.cls = self->memo_arg.v = self->memo_arg.cls = NULL;
    self->memo_self.w = self->memo_arg.w = 0;
    self->self_mr = self_mr;
    self->self_guard = self_guard;
    self->self_stream = self_stream;
    Py_INCREF(reset);
    self->reset = reset;
    Py_INCREF(fallback);
    Py_INCREF(fail);
    Py_INCREF(self_cls);
    Py_INCREF(arg_cls);
    Py_INCREF(queue);
    Py_INCREF(ready);
    self->wrapper = fallback;
    self->fail = fail;
    self->self_cls = self_cls;
    self->arg_cls = arg_cls;
    self->queue = queue;
    self->ready = ready;
    PyObject_GC_Track(self);
    return (PyObject *)self;
}


/* -- cudacffi.core's GraphBuilder: an empty capture's calls, in C --------------------------------------------------
 *
 * builder_call(op, entries, unbound, fallback, fail, builder_cls, stream_cls, graph_cls, mode, guards) is a method
 * descriptor for one of Stream.create_graph_builder() (op 0), GraphBuilder.begin_building() (1), end_building() (2)
 * and close() (3), made in C for the plain case of a primary builder on a live cudacffi.core Stream that it does
 * not own, with no fork, no conditional body and no GraphDefinition taken, CUDA initialized and nothing queued:
 *   - create_graph_builder: a new ``builder_cls`` with the slots GraphBuilder._on(stream, False) sets;
 *   - begin_building(): (state "new") cuStreamBeginCapture(h, ``mode``: relaxed), state "building";
 *   - end_building(): (state "building") cuStreamIsCapturing(h) answering active, then cuStreamEndCapture(h):
 *     the graph (a ``graph_cls``) in _graph, state "built";
 *   - close(): (state "built") the slots cleared as close() clears them, state "closed", then
 *     cuGraphDestroy(graph) with the GIL released (its status dropped, as close() drops it).
 * The capture bookkeeping never waits on the GPU, so it keeps the GIL. A failure calls ``fail(status)`` (which
 * raises); a status the Python method explains (not capturing) and every other case - other objects, arguments,
 * states, a guard set - is ``fallback``, the Python method. ``guards`` is (queue, ready, exiting, released,
 * retired): deques that must be empty and [flag] lists, ready's True and exiting's False. */

enum { BC_NEW = 0, BC_BEGIN = 1, BC_END = 2, BC_CLOSE = 3 };
enum { GB_STREAM, GB_OWNED, GB_GRAPH, GB_GDEF, GB_BODY, GB_PRIMARY, GB_STATE, GB_FORKS, GB_SLOTS };
static const char *const gb_slot_names[GB_SLOTS] = {"_stream", "_owned", "_graph", "_gdef", "_body", "_primary",
                                                    "_state", "_forks"};
#define CAPTURE_ACTIVE 1  /* CU_STREAM_CAPTURE_STATUS_ACTIVE */

static PyObject *str_new, *str_building, *str_built, *str_closed;

typedef struct {
    STANDIN_HEAD            /* wrapper: the Python method */
    entry_fn fn[2];
    int op, unbound;
    uint64_t mode;
    PyObject *builder_cls, *stream_cls, *graph_cls, *fail, *destroy, *drain;
    PyObject *queue, *ready, *exiting, *released, *retired, *empty;
    Py_ssize_t gb[GB_SLOTS], s_handle, s_h;
} BuilderCall;

static PyObject *builder_call_vectorcall(PyObject *op_, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    BuilderCall *self = (BuilderCall *)op_;
    PyObject *me, *g, *graph;
    uint64_t in[2], out[1], h;
    int status;
    if (kwnames != NULL || PyVectorcall_NARGS(nargsf) != 1)
        goto fallback;
    me = args[0];
    if (self->op == BC_NEW) {  /* stream.create_graph_builder() */
        PyTypeObject *cls = (PyTypeObject *)self->builder_cls;
        if (!live_stream(me, self->stream_cls, self->s_handle, self->s_h, &h))
            goto fallback;
        g = cls->tp_alloc(cls, 0);
        if (g == NULL)
            return NULL;
        set_slot(g, self->gb[GB_STREAM], me);
        set_slot(g, self->gb[GB_OWNED], Py_False);
        set_slot(g, self->gb[GB_GRAPH], Py_None);
        set_slot(g, self->gb[GB_GDEF], Py_None);
        set_slot(g, self->gb[GB_BODY], Py_None);
        set_slot(g, self->gb[GB_PRIMARY], Py_True);
        set_slot(g, self->gb[GB_STATE], str_new);
        set_slot(g, self->gb[GB_FORKS], self->empty);
        return g;
    }
    if ((PyObject *)Py_TYPE(me) != self->builder_cls || PyList_GET_ITEM(self->ready, 0) != Py_True
        || Py_SIZE(self->queue) != 0
        || !live_stream(SLOT(me, self->gb[GB_STREAM]), self->stream_cls, self->s_handle, self->s_h, &h)
        || SLOT(me, self->gb[GB_BODY]) != Py_None || SLOT(me, self->gb[GB_PRIMARY]) != Py_True
        || SLOT(me, self->gb[GB_FORKS]) != self->empty)
        goto fallback;
    in[0] = h;
    if (self->op == BC_BEGIN) {
        if (SLOT(me, self->gb[GB_STATE]) != str_new)
            goto fallback;
        in[1] = self->mode;
        status = self->fn[0](in, out);
        if (status == self->unbound)
            goto fallback;
        if (status != 0)
            return raise_status(self->fail, status, "the driver call failed");
        set_slot(me, self->gb[GB_STATE], str_building);
        Py_INCREF(me);
        return me;
    }
    if (self->op == BC_END) {
        if (SLOT(me, self->gb[GB_STATE]) != str_building)
            goto fallback;
        out[0] = 0;
        status = self->fn[0](in, out);  /* cuStreamIsCapturing (a 4-byte enum) */
        if (status == self->unbound || (status == 0 && (uint32_t)out[0] != CAPTURE_ACTIVE))
            goto fallback;  /* (not capturing: the Python method asks again and says why) */
        if (status != 0)
            return raise_status(self->fail, status, "the driver call failed");
        status = self->fn[1](in, out);  /* cuStreamEndCapture */
        if (status == self->unbound)
            goto fallback;  /* (still capturing: the Python method starts over) */
        if (status != 0)
            return raise_status(self->fail, status, "the driver call failed");
        graph = ((PyTypeObject *)self->graph_cls)->tp_alloc((PyTypeObject *)self->graph_cls, 0);
        if (graph == NULL)
            return NULL;
        if ((VALUE_SLOT(graph) = PyLong_FromUnsignedLongLong(out[0])) == NULL) {
            Py_DECREF(graph);
            return NULL;
        }
        set_slot(me, self->gb[GB_GRAPH], graph);
        Py_DECREF(graph);
        set_slot(me, self->gb[GB_STATE], str_built);
        Py_INCREF(me);
        return me;
    }
    /* BC_CLOSE: a built builder that owns its graph */
    graph = SLOT(me, self->gb[GB_GRAPH]);
    if (SLOT(me, self->gb[GB_STATE]) != str_built || SLOT(me, self->gb[GB_OWNED]) != Py_False
        || SLOT(me, self->gb[GB_GDEF]) != Py_None || graph == NULL || (PyObject *)Py_TYPE(graph) != self->graph_cls
        || !handle_word(me, self->gb[GB_GRAPH], &in[0]) || PyList_GET_ITEM(self->exiting, 0) != Py_False
        || Py_SIZE(self->released) != 0 || Py_SIZE(self->retired) != 0)
        goto fallback;
    Py_INCREF(graph);  /* the slots first (the GIL goes during the call): the graph is this call's alone */
    set_slot(me, self->gb[GB_GRAPH], Py_None);
    set_slot(me, self->gb[GB_STREAM], Py_None);
    set_slot(me, self->gb[GB_STATE], str_closed);
    Py_BEGIN_ALLOW_THREADS
    status = self->fn[0](in, out);  /* cuGraphDestroy */
    Py_END_ALLOW_THREADS
    if (status == self->unbound) {  /* not bound yet: the Python side binds and destroys */
        PyObject *r = PyObject_CallOneArg(self->destroy, graph);
        Py_DECREF(graph);
        if (r == NULL)
            return NULL;
        Py_DECREF(r);
        Py_RETURN_NONE;
    }
    Py_DECREF(graph);
    if (Py_SIZE(self->queue) != 0 || Py_SIZE(self->released) != 0 || Py_SIZE(self->retired) != 0) {
        PyObject *r = PyObject_CallNoArgs(self->drain);  /* what the graph's user objects kept, if they went */
        if (r == NULL)
            return NULL;
        Py_DECREF(r);
    }
    Py_RETURN_NONE;
fallback:
    return PyObject_Vectorcall(self->wrapper, args, nargsf, kwnames);
}


#define BUILDER_CALL_REFS(self, DO) \
    do {                            \
        DO((self)->wrapper);        \
        DO((self)->builder_cls);    \
        DO((self)->stream_cls);     \
        DO((self)->graph_cls);      \
        DO((self)->fail);           \
        DO((self)->destroy);        \
        DO((self)->drain);          \
        DO((self)->queue);          \
        DO((self)->ready);          \
        DO((self)->exiting);        \
        DO((self)->released);       \
        DO((self)->retired);        \
        DO((self)->empty);          \
    } while (0)

GC_FUNCTIONS(builder_call, BuilderCall, BUILDER_CALL_REFS)

static PyTypeObject BuilderCallType = {
    CALLABLE_TYPE_FLAGS(BuilderCall, "cudacffi._fastcall.BuilderCall", builder_call_traverse, builder_call_clear,
                        METHOD_FLAGS),
    .tp_descr_get = pool_allocate_get,
    .tp_getattro = standin_getattro,
    .tp_getset = standin_getset,
};

PyDoc_STRVAR(builder_call_doc,
"builder_call(op, entries, unbound, fallback, fail, destroy, drain, builder_cls, stream_cls, graph_cls, mode,\n"
"guards) -> a method descriptor for cudacffi.core's Stream.create_graph_builder (op 0), GraphBuilder.begin_building\n"
"(1), end_building (2) and close (3) (see _fastcall.c).");

static PyObject *make_builder_call(PyObject *module, PyObject *args) {
    PyObject *entries, *fallback, *fail, *destroy, *drain, *builder_cls, *stream_cls, *graph_cls, *guards;
    PyObject *queue, *ready, *exiting, *released, *retired;
    unsigned long long mode, address[2] = {0, 0};
    int op, unbound, i, nentries;
    BuilderCall *self;
    Py_ssize_t gb[GB_SLOTS], s_handle, s_h;
    (void)module;
    if (!PyArg_ParseTuple(args, "iO!iOOOOO!O!O!KO!:builder_call", &op, &PyTuple_Type, &entries, &unbound, &fallback,
                          &fail, &destroy, &drain, &PyType_Type, &builder_cls, &PyType_Type, &stream_cls,
                          &PyType_Type, &graph_cls, &mode, &PyTuple_Type, &guards))
        return NULL;
    nentries = op == BC_NEW ? 0 : op == BC_END ? 2 : 1;
    if (op < BC_NEW || op > BC_CLOSE || PyTuple_GET_SIZE(entries) != nentries || !PyCallable_Check(fallback)
        || !PyCallable_Check(fail) || !PyCallable_Check(destroy) || !PyCallable_Check(drain) || handle_type == NULL
        || !PyType_IsSubtype((PyTypeObject *)graph_cls, handle_type) || PyTuple_GET_SIZE(guards) != 5) {
        PyErr_SetString(PyExc_ValueError, "builder_call(): an op in 0..3 with its entries, callables, a handle class "
                        "and five guards (after setup())");
        return NULL;
    }
    queue = PyTuple_GET_ITEM(guards, 0);
    ready = PyTuple_GET_ITEM(guards, 1);
    exiting = PyTuple_GET_ITEM(guards, 2);
    released = PyTuple_GET_ITEM(guards, 3);
    retired = PyTuple_GET_ITEM(guards, 4);
    if (!is_deque(queue) || !is_deque(released) || !is_deque(retired) || !PyList_Check(ready)
        || PyList_GET_SIZE(ready) < 1 || !PyList_Check(exiting) || PyList_GET_SIZE(exiting) < 1) {
        PyErr_SetString(PyExc_TypeError, "builder_call(): guards are (deque, [flag], [flag], deque, deque)");
        return NULL;
    }
    for (i = 0; i < nentries; i++)
        if (!entry_address(PyTuple_GET_ITEM(entries, i), "builder_call", &address[i]))
            return NULL;
    for (i = 0; i < GB_SLOTS; i++)
        if ((gb[i] = named_slot(builder_cls, gb_slot_names[i])) < 0)
            return NULL;
    if ((s_handle = named_slot(stream_cls, "_handle")) < 0 || (s_h = named_slot(stream_cls, "_h")) < 0)
        return NULL;
    self = PyObject_GC_New(BuilderCall, &BuilderCallType);
    if (self == NULL)
        return NULL;
    self->vectorcall = builder_call_vectorcall;
    self->fn[0] = (entry_fn)(uintptr_t)address[0];
    self->fn[1] = (entry_fn)(uintptr_t)address[1];
    self->op = op;
    self->unbound = unbound;
    self->mode = mode;
    memcpy(self->gb, gb, sizeof gb);
    self->s_handle = s_handle;
    self->s_h = s_h;
#define TAKE(field, value) (Py_INCREF(value), self->field = (value))
    TAKE(wrapper, fallback);
    TAKE(fail, fail);
    TAKE(destroy, destroy);
    TAKE(drain, drain);
    TAKE(builder_cls, builder_cls);
    TAKE(stream_cls, stream_cls);
    TAKE(graph_cls, graph_cls);
    TAKE(queue, queue);
    TAKE(ready, ready);
    TAKE(exiting, exiting);
    TAKE(released, released);
    TAKE(retired, retired);
#undef TAKE
    self->empty = PyTuple_New(0);
    if (self->empty == NULL) {
        self->empty = Py_None;
        Py_INCREF(Py_None);
        PyObject_GC_Track(self);
        Py_DECREF(self);
        return NULL;
    }
    PyObject_GC_Track(self);
    return (PyObject *)self;
}


/* -- cudacffi.core's Device(n): this thread's object for an ordinal seen before, in C --------------------------
 *
 * device_new(fallback, tls, ready) is a ``__new__`` for cudacffi.core.Device: ``Device(n)`` with ``n`` a plain int
 * and CUDA initialized (``ready[0]`` is True) answers ``tls.devices[n]`` where this thread has made it (the list
 * exists, ``n`` is within it and its entry is not None); every other call is ``fallback(cls, *args)``, the Python
 * ``__new__``. */

typedef struct {
    STANDIN_HEAD            /* wrapper: the Python __new__ */
    PyObject *tls, *ready;
} DeviceNew;

static PyObject *str_devices;

static PyObject *device_new_vectorcall(PyObject *op, PyObject *const *args, size_t nargsf, PyObject *kwnames) {
    DeviceNew *self = (DeviceNew *)op;
    Py_ssize_t n = PyVectorcall_NARGS(nargsf), i;
    PyObject *devices, *found;
    if (kwnames != NULL || n != 2 || !PyLong_CheckExact(args[1]) || PyList_GET_ITEM(self->ready, 0) != Py_True)
        goto fallback;
    i = PyLong_AsSsize_t(args[1]);
    if (i == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        goto fallback;
    }
    devices = PyObject_GetAttr(self->tls, str_devices);
    if (devices == NULL) {
        PyErr_Clear();
        goto fallback;
    }
    if (!PyList_CheckExact(devices) || i < 0 || i >= PyList_GET_SIZE(devices)
        || (found = PyList_GET_ITEM(devices, i)) == Py_None) {
        Py_DECREF(devices);
        goto fallback;
    }
    Py_INCREF(found);
    Py_DECREF(devices);
    return found;
fallback:
    return PyObject_Vectorcall(self->wrapper, args, nargsf, kwnames);
}

#define DEVICE_NEW_REFS(self, DO) \
    do {                          \
        DO((self)->wrapper);      \
        DO((self)->tls);          \
        DO((self)->ready);        \
    } while (0)

GC_FUNCTIONS(device_new, DeviceNew, DEVICE_NEW_REFS)

static PyTypeObject DeviceNewType = {
    CALLABLE_TYPE(DeviceNew, "cudacffi._fastcall.DeviceNew", device_new_traverse, device_new_clear),
    .tp_descr_get = pool_allocate_get,  /* looked up on the class (obj NULL): itself */
    .tp_getattro = standin_getattro,
    .tp_getset = standin_getset,
};

PyDoc_STRVAR(device_new_doc,
"device_new(fallback, tls, ready) -> a __new__ for cudacffi.core.Device (see _fastcall.c).");

static PyObject *make_device_new(PyObject *module, PyObject *args) {
    PyObject *fallback, *tls, *ready;
    DeviceNew *self;
    (void)module;
    if (!PyArg_ParseTuple(args, "OOO!:device_new", &fallback, &tls, &PyList_Type, &ready))
        return NULL;
    if (!PyCallable_Check(fallback) || PyList_GET_SIZE(ready) < 1) {
        PyErr_SetString(PyExc_ValueError, "device_new(): a callable and a [flag]");
        return NULL;
    }
    if (str_devices == NULL && (str_devices = PyUnicode_InternFromString("devices")) == NULL)
        return NULL;
    self = PyObject_GC_New(DeviceNew, &DeviceNewType);
    if (self == NULL)
        return NULL;
    self->vectorcall = device_new_vectorcall;
    Py_INCREF(fallback);
    Py_INCREF(tls);
    Py_INCREF(ready);
    self->wrapper = fallback;
    self->tls = tls;
    self->ready = ready;
    PyObject_GC_Track(self);
    return (PyObject *)self;
}

/* -- cudacffi.core's hot read-only properties, in C ---------------------------------------------------------------
 *
 * getter(prop, cls, call, value, guard) is a data descriptor standing in for the property ``prop`` of ``cls``:
 * reading it on an instance of ``cls`` answers, without a Python frame, either ``call(obj)`` (a handle_call made
 * for the property's getter: Event.is_done) or, with ``call`` None, the object in slot ``value`` where slot
 * ``guard`` holds something other than None, else 0 (Buffer.handle, Buffer.size: 0 once closed). Every other read,
 * and every assignment or deletion, is the property's own (the same errors); on the class it is the property. */

typedef struct {
    PyObject_HEAD
    PyObject *prop, *cls, *call;
    Py_ssize_t value, guard;  /* slot offsets (call None) */
} Getter;

static PyObject *getter_get(PyObject *op, PyObject *obj, PyObject *type) {
    Getter *self = (Getter *)op;
    if (obj != NULL && obj != Py_None && Py_TYPE(obj) == (PyTypeObject *)self->cls) {
        PyObject *v;
        if (Py_TYPE(self->call) == &HandleCallType)  /* (the C call itself: no dispatch) */
            return handle_call_vectorcall(self->call, &obj, 1, NULL);
        if (self->call != Py_None)
            return PyObject_Vectorcall(self->call, &obj, 1, NULL);
        v = SLOT(obj, self->guard);
        if (v != NULL && v != Py_None && (v = SLOT(obj, self->value)) != NULL) {
            Py_INCREF(v);
            return v;
        }
        return PyLong_FromLong(0);
    }
    return Py_TYPE(self->prop)->tp_descr_get(self->prop, obj, type);
}

static int getter_set(PyObject *op, PyObject *obj, PyObject *value) {
    Getter *self = (Getter *)op;
    return Py_TYPE(self->prop)->tp_descr_set(self->prop, obj, value);
}

static PyObject *getter_attr(PyObject *op, PyObject *name) {  /* __doc__, fget, ...: the property's */
    PyObject *r = PyObject_GenericGetAttr(op, name);
    if (r != NULL || !PyErr_ExceptionMatches(PyExc_AttributeError))
        return r;
    PyErr_Clear();
    return PyObject_GetAttr(((Getter *)op)->prop, name);
}

static PyObject *getter_doc(PyObject *op, void *closure) {
    (void)closure;
    return PyObject_GetAttrString(((Getter *)op)->prop, "__doc__");
}

static PyGetSetDef getter_getset[] = {
    {"__doc__", getter_doc, NULL, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static int getter_traverse(Getter *self, visitproc visit, void *arg) {
    Py_VISIT(self->prop);
    Py_VISIT(self->cls);
    Py_VISIT(self->call);
    return 0;
}

static int getter_clear(Getter *self) {
    Py_CLEAR(self->prop);
    Py_CLEAR(self->cls);
    Py_CLEAR(self->call);
    return 0;
}

static void getter_dealloc(PyObject *op) {
    PyObject_GC_UnTrack(op);
    getter_clear((Getter *)op);
    PyObject_GC_Del(op);
}

static PyTypeObject GetterType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "cudacffi._fastcall.Getter", .tp_basicsize = sizeof(Getter), .tp_dealloc = getter_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC, .tp_traverse = (traverseproc)getter_traverse,
    .tp_clear = (inquiry)getter_clear, .tp_descr_get = getter_get, .tp_descr_set = getter_set,
    .tp_getattro = getter_attr, .tp_getset = getter_getset,
};

PyDoc_STRVAR(getter_doc_,
"getter(prop, cls, call, value, guard) -> a data descriptor reading the property prop of cls in C (see _fastcall.c).");

static PyObject *make_getter(PyObject *module, PyObject *args) {
    PyObject *prop, *cls, *call, *value, *guard;
    Py_ssize_t value_at = -1, guard_at = -1;
    Getter *self;
    (void)module;
    if (!PyArg_ParseTuple(args, "OO!OOO:getter", &prop, &PyType_Type, &cls, &call, &value, &guard))
        return NULL;
    if (!PyObject_TypeCheck(prop, &PyProperty_Type)) {
        PyErr_SetString(PyExc_TypeError, "getter(): prop must be a property");
        return NULL;
    }
    if (call == Py_None) {
        if (!PyUnicode_Check(value) || !PyUnicode_Check(guard)) {
            PyErr_SetString(PyExc_TypeError, "getter(): without a call, the value and guard slots' names");
            return NULL;
        }
        if ((value_at = named_slot(cls, PyUnicode_AsUTF8(value))) < 0
            || (guard_at = named_slot(cls, PyUnicode_AsUTF8(guard))) < 0)
            return NULL;
    } else if (!PyCallable_Check(call)) {
        PyErr_SetString(PyExc_TypeError, "getter(): call must be callable or None");
        return NULL;
    }
    self = PyObject_GC_New(Getter, &GetterType);
    if (self == NULL)
        return NULL;
    Py_INCREF(prop);
    Py_INCREF(cls);
    Py_INCREF(call);
    self->prop = prop;
    self->cls = cls;
    self->call = call;
    self->value = value_at;
    self->guard = guard_at;
    PyObject_GC_Track(self);
    return (PyObject *)self;
}

/* -- a buffer's address -------------------------------------------------------------------------------------- */

PyDoc_STRVAR(buffer_address_doc,
"buffer_address(obj) -> int: the address of the data of a contiguous buffer-protocol object (bytes, bytearray).\n"
"The view is released at once: the caller keeps the object (and, for a resizable one, an export) alive.");

static PyObject *buffer_address(PyObject *module, PyObject *o) {
    Py_buffer view;
    PyObject *r;
    (void)module;
    if (PyObject_GetBuffer(o, &view, PyBUF_SIMPLE) < 0)
        return NULL;
    r = PyLong_FromVoidPtr(view.buf);
    PyBuffer_Release(&view);
    return r;
}

static PyMethodDef module_methods[] = {
    {"buffer_address", buffer_address, METH_O, buffer_address_doc},
    {"wrap", wrap, METH_VARARGS, wrap_doc},
    {"setup", setup, METH_O, setup_doc},
    {"launcher", make_launcher, METH_VARARGS, launcher_doc},
    {"backstop", backstop, METH_VARARGS, backstop_doc},
    {"constructor", make_constructor, METH_VARARGS, constructor_doc},
    {"resetter", make_resetter, METH_VARARGS, resetter_doc},
    {"pool_allocate", make_pool_allocate, METH_VARARGS, pool_allocate_doc_},
    {"handle_call", make_handle_call, METH_VARARGS, handle_call_doc},
    {"device_new", make_device_new, METH_VARARGS, device_new_doc},
    {"getter", make_getter, METH_VARARGS, getter_doc_},
    {"builder_call", make_builder_call, METH_VARARGS, builder_call_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "cudacffi._fastcall",
    "The whole call of simple generated wrappers, in C, for CPython (see codegen.lowering.FastCall).",
    -1, module_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__fastcall(void) {
    PyObject *m;
    if (PyType_Ready(&FastCallType) < 0 || PyType_Ready(&LauncherType) < 0 || PyType_Ready(&BackstopType) < 0
        || PyType_Ready(&ConstructorType) < 0)
        return NULL;
    if (PyType_Ready(&PoolAllocateType) < 0 || PyType_Ready(&HandleCallType) < 0 || PyType_Ready(&DeviceNewType) < 0
        || PyType_Ready(&GetterType) < 0 || PyType_Ready(&BuilderCallType) < 0)
        return NULL;
    /* the names the C paths compare or read: a keyword (interned, as a call's keyword names are) and slots */
    if ((str_stream = PyUnicode_InternFromString("stream")) == NULL
        || (str_refuses = PyUnicode_InternFromString("_refuses")) == NULL
        || (str_ph = PyUnicode_InternFromString("_ph")) == NULL
        || (str_pool_calls = PyUnicode_InternFromString("_pool_calls")) == NULL
        || (str_new = PyUnicode_InternFromString("new")) == NULL
        || (str_building = PyUnicode_InternFromString("building")) == NULL
        || (str_built = PyUnicode_InternFromString("built")) == NULL
        || (str_closed = PyUnicode_InternFromString("closed")) == NULL)
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
    Py_INCREF(&BackstopType);
    if (PyModule_AddObject(m, "Backstop", (PyObject *)&BackstopType) < 0) {
        Py_DECREF(&BackstopType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
