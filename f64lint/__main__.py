import os
import sys

# `python -m f64lint` puts the working folder first on `sys.path`: run inside a package
# such as torch, its `multiprocessing` would shadow the standard library's. f64lint is
# imported already and finds its own modules through its package.
if sys.path and sys.path[0] in ("", os.getcwd()):
    del sys.path[0]

from f64lint.cli.command import main

main()
