"""Per-function decisions: what the rules of the generator cannot derive from the headers, as data, one module
per kind of decision. The generator interprets them (``codegen/directions.py``, ``codegen/lowering.py``,
``codegen/model.py``, the emitters); these modules hold no logic.

- ``parameters``: how a parameter appears in Python (direction, length, buffer sizes) where the rules of
  ``codegen/directions.py`` cannot tell;
- ``names``: Python names the naming rules cannot derive;
- ``checks``: argument checks and handle tracking the generated wrapper makes before calling the library
  (host buffer sizes, NVRTC's programs);
- ``coverage``: functions left out, functions whose Python wrapper is hand-written, C helpers beside a stub.

The one other home of a per-function decision is ``cudacffi/_attribute_values.py``'s tables: the C type of
the value behind a ``void *`` per attribute (enum member), read by the generated wrappers at run time;
which parameter is typed by which table is ``parameters``'. ``tests/test_decisions.py`` lists the homes and
fails on a table of function names anywhere else.
"""
