"""One evaluator over every value: what an expression is (a tensor, a NumPy array, a Python
number, a container, a device, ...), of which dtype, on which device, and where that came
from. It grows beside the older traces (flow/), which ask it where they know nothing."""
