"""What objects of a class hold through subclasses other modules define."""

from f64lint.analysis.project.exports import BASE, READS, Export
from f64lint.analysis.project.hierarchy import inherited


def _row(module, name, made_by, width, line=1):
    return Export(module, name, False, made_by, width, f"{module.replace('.', '/')}.py", line)


ROWS = [
    _row("pkg.base", "GridBase.spacing", "_spacing", READS),
    _row("pkg.base", "GridBase.coords", "_coords", READS),
    _row("pkg.base", "GridBase._coords", "np.linspace", "float64", 9),  # the base sets it itself
    _row("pkg.flat", "FlatGrid", "pkg.GridBase", BASE),  # imported through the package
    _row("pkg.flat", "UnitGrid", "pkg.flat.FlatGrid", BASE),
    _row("pkg.flat", "UnitGrid._spacing", "np.ones", "float64", 7),
    _row("pkg.flat", "UnitGrid._coords", "np.ones", "float64", 8),
    _row("pkg.other", "Unrelated._spacing", "np.ones", "float64", 3),
]


def test_a_property_gives_what_a_subclass_of_a_subclass_sets_unless_the_class_sets_it():
    def source_of(name, defined):
        return "pkg.base.GridBase" if name == "pkg.GridBase" and name not in defined else name

    found = inherited(ROWS, source_of)
    assert [(e.qualified_name, e.made_by, e.path, e.line, e.subclass) for e in found] == [
        ("pkg.flat.UnitGrid.spacing", "np.ones", "pkg/flat.py", 7, ""),
        ("pkg.base.GridBase.spacing", "np.ones", "pkg/flat.py", 7, "pkg.flat.UnitGrid"),
    ]


def test_without_the_base_s_name_resolved_nothing_is_inherited():
    assert inherited(ROWS, lambda name, defined: name) == []
