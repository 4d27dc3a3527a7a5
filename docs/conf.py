"""Sphinx configuration of cudacffi's reference: ``nox -s docs`` (README's command), warnings as errors.

It documents the checkout's own build: ``python build_cffi.py`` must have built ``cudacffi/_gen`` (``nox -s
docs`` builds in its own tree copy). The pages are the guides (README, GUIDE, DESIGN, read by myst-parser), one
page per family module with every member (``:imported-members:``: the generated layer is re-exported by the
family modules) and the public modules of ``cudacffi.core``. The generated docstrings are plain text for
``help()``; ``plaintext.py`` reads them as such.

Links to Python's and numpy's documentation (intersphinx) need their inventories, which the build never
fetches unless asked, so that it runs offline and stays free of warnings there:

- ``CUDACFFI_DOCS_INVENTORIES=<folder>``: ``python.inv`` and ``numpy.inv`` in that folder (each a copy of that
  site's ``objects.inv``) are used where present; so is Debian's ``python3-doc``
  (``/usr/share/doc/python3/html/objects.inv``). This is the default: only local files, never the network.
- ``CUDACFFI_DOCS_INTERSPHINX=1``: fetch from docs.python.org and numpy.org what no local file gives (a
  failed fetch is then a warning, hence an error).
- ``CUDACFFI_DOCS_INTERSPHINX=0``: no links to either.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))  # the checkout (or nox's tree copy), with its build
sys.path.insert(0, HERE)  # plaintext.py
# the fast C callables stand for the generated wrappers at run time; autodoc documents the wrappers themselves
os.environ["CUDACFFI_FASTCALL"] = "0"

project = "cudacffi"
copyright = "the cudacffi authors; NVIDIA's header documentation: NVIDIA Corporation"
extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon", "plaintext", "myst_parser"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
html_theme = "alabaster"
html_theme_options = {"page_width": "1200px", "body_max_width": "none"}

autodoc_member_order = "bysource"
napoleon_google_docstring = False
napoleon_custom_sections = [("Members", "params_style")]  # an enum's values, in the generated docstrings
napoleon_use_ivar = True  # a struct's fields as a field list: names such as str or bytes are no link targets

# intersphinx: see the module docstring
_SITES = {"python": "https://docs.python.org/3", "numpy": "https://numpy.org/doc/stable"}
_LOCAL = {"python": ["/usr/share/doc/python3/html/objects.inv"], "numpy": []}
_mode = os.environ.get("CUDACFFI_DOCS_INTERSPHINX", "local")
_folder = os.environ.get("CUDACFFI_DOCS_INVENTORIES")
intersphinx_mapping = {}
if _mode != "0":
    for _name, _url in _SITES.items():
        _files = ([os.path.join(_folder, _name + ".inv")] if _folder else []) + _LOCAL[_name]
        _where = [f for f in _files if os.path.isfile(f)] + ([None] if _mode == "1" else [])
        if _where:
            intersphinx_mapping[_name] = (_url, tuple(_where))
if intersphinx_mapping:
    extensions.append("sphinx.ext.intersphinx")
