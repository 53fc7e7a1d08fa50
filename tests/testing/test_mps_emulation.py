"""f64lint.testing.mps_emulation: "mps" behaves like Apple's MPS for dtypes, on any machine."""

from __future__ import annotations

import pytest

from tests.helpers import require

torch = require("torch")
np = require("numpy")

from f64lint.testing.mps_emulation import mps_emulation  # noqa: E402

FLOAT64 = (
    r"^Cannot convert a MPS Tensor to float64 dtype as the MPS framework doesn't support float64\. "
    r"Please use float32 instead\.(\n|$)"
)
COMPLEX128 = r"^Cannot convert a MPS Tensor to complex128 dtype"


@pytest.mark.parametrize(
    "make",
    [
        lambda: torch.zeros(3, dtype=torch.float64, device="mps"),
        lambda: torch.arange(3, dtype=torch.double, device=torch.device("mps:0")),
        lambda: torch.from_numpy(np.linspace(0, 1, 3)).to("mps"),
        lambda: torch.tensor([0.5, 1.5], dtype=torch.float64).to(device=torch.device("mps")),
        lambda: torch.zeros(3, device="mps").double(),
        lambda: torch.zeros(3, device="mps").to(torch.float64),
        lambda: torch.nn.Linear(2, 2).double().to("mps"),
    ],
    ids=["factory", "factory-device-object", "from-numpy-moved", "moved-by-keyword", "double-on-mps",
         "cast-on-mps", "module-moved"],
)
def test_float64_on_mps_raises_the_backends_type_error(make):
    with mps_emulation(), pytest.raises(TypeError, match=FLOAT64):
        make()


def test_an_operation_promoting_to_float64_on_mps_raises_the_backends_runtime_error():
    with mps_emulation(), pytest.raises(RuntimeError, match=r"^MPS backend does not support float64 \(double\)"):
        # A 0-dimensional float64 tensor of a higher category decides the result's dtype.
        torch.arange(2, device="mps") * torch.tensor(0.5, dtype=torch.float64)


def test_complex128_on_mps_raises_too():
    with mps_emulation(), pytest.raises(TypeError, match=COMPLEX128):
        torch.zeros(3, dtype=torch.cdouble, device="mps")


def test_float32_work_runs_and_reports_mps():
    with mps_emulation():
        x = torch.arange(4, device="mps", dtype=torch.float32)
        layer = torch.nn.Linear(4, 2).to("mps")
        y = layer(x[None]).sin()
        assert (x.device.type, x.is_mps, y.device.type, y.dtype) == ("mps", True, "mps", torch.float32)
        assert next(layer.parameters()).device.type == "mps"
        back = y.cpu()
        assert (back.device.type, back.is_mps, y.to("cpu").device.type) == ("cpu", False, "cpu")
        assert torch.from_numpy(np.zeros(2)).to("mps", dtype=torch.float32).device.type == "mps"


def test_float64_stays_fine_on_the_cpu_and_outside_the_emulation():
    with mps_emulation():
        assert torch.zeros(2, dtype=torch.float64).device.type == "cpu"
        assert torch.zeros(2, device="mps").cpu().double().dtype == torch.float64
    assert torch.zeros(2).device.type == "cpu"
    with pytest.raises(RuntimeError):  # this CPU build has no real MPS
        torch.zeros(2, device="mps")


from f64lint.testing.mps_emulation import assert_close_to_cpu_float64  # noqa: E402


def test_mps_is_available_inside_and_code_that_picks_it_takes_that_path():
    with mps_emulation():
        assert torch.backends.mps.is_available() and torch.backends.mps.is_built()
        device = "mps" if torch.backends.mps.is_available() else "cpu"
        with pytest.raises(TypeError, match=FLOAT64):
            torch.zeros(2, dtype=torch.float64, device=device)
        torch.mps.synchronize()
        torch.mps.empty_cache()
        torch.mps.manual_seed(0)
        torch.manual_seed(0)
        assert torch.mps.current_allocated_memory() == 0
    assert not torch.backends.mps.is_available()


def test_the_error_text_is_the_backends_and_a_note_names_where_the_float64_was_made():
    with mps_emulation():
        grid = torch.from_numpy(np.linspace(0, 1, 3))
        line = __import__("inspect").currentframe().f_lineno - 1
        with pytest.raises(TypeError) as raised:
            grid.to("mps")
    assert str(raised.value) == (
        "Cannot convert a MPS Tensor to float64 dtype as the MPS framework doesn't support float64. "
        "Please use float32 instead."
    )
    assert raised.value.__notes__ == [
        f"f64lint: the float64 value was made at {__file__}:{line} (see `f64lint --explain F64003`)"
    ]
    with mps_emulation(), pytest.raises(TypeError) as raised:
        torch.tensor(np.zeros(2), device="mps")
    assert raised.value.__notes__[0].endswith("(see `f64lint --explain F64003`)")


def test_an_mps_tensor_meets_no_cpu_tensor_as_on_the_backend():
    mismatch = r"^Expected all tensors to be on the same device, but found at least two devices, mps:0 and cpu!$"
    with mps_emulation():
        x = torch.ones(2, device="mps")
        with pytest.raises(RuntimeError, match=mismatch):
            x + torch.ones(2)
        with pytest.raises(RuntimeError, match=mismatch):
            torch.nn.Linear(2, 2).to("mps")(torch.ones(1, 2))
        assert (x * torch.tensor(2.0)).device.type == "mps"  # a 0-dimensional CPU tensor is a scalar
        assert x[torch.tensor([0])].device.type == "mps"  # host indices are fine
        with pytest.raises(TypeError, match=r"^can't convert mps:0 device type tensor to numpy\. Use Tensor\.cpu\(\)"):
            x.numpy()
        assert x.cpu().numpy().tolist() == [1.0, 1.0] and x.sum().item() == 2.0


def test_a_move_to_another_tensor_takes_its_dtype():
    with mps_emulation():
        target = torch.zeros(1, device="mps")
        moved = torch.ones(2, dtype=torch.float64).to(target)
        assert (moved.device.type, moved.dtype) == ("mps", torch.float32)


def test_default_device_generators_and_buffers():
    with mps_emulation():
        torch.set_default_device("mps")
        assert torch.get_default_device().type == "mps"
        assert torch.zeros(2).device.type == "mps" and torch.nn.Linear(2, 2).weight.device.type == "mps"
        with pytest.raises(TypeError, match=FLOAT64):
            torch.zeros(2, dtype=torch.float64)
        torch.set_default_device("cpu")
        assert torch.zeros(2).device.type == "cpu"
        generator = torch.Generator(device="mps").manual_seed(3)
        assert isinstance(generator, torch.Generator)
        assert torch.randn(2, generator=generator, device="mps").device.type == "mps"
        model = torch.nn.Linear(2, 2)
        model.register_buffer("scale", torch.ones(2, dtype=torch.float64))
        with pytest.raises(TypeError, match=FLOAT64):
            model.to("mps")
    assert torch.zeros(2).device.type == "cpu"


def test_assert_close_to_cpu_float64_reports_the_worst_error():
    assert_close_to_cpu_float64(lambda x: (x * 2).sin(), torch.linspace(0, 1, 5))
    with pytest.raises(AssertionError) as raised:
        assert_close_to_cpu_float64(lambda x: (x + 1e8) - 1e8, torch.full((3,), 0.1))
    assert str(raised.value).startswith(
        "output 0: float32 on mps differs from float64 on the CPU beyond rtol=0.0001, atol=1e-05; worst at index (0,): "
    )


def test_a_move_to_mps_copies_and_leaves_the_cpu_tensor_on_the_cpu():
    with mps_emulation():
        x = torch.zeros(3)
        y = x.to("mps")
        y.add_(1)
        assert y is not x and x.device.type == "cpu" and x.tolist() == [0.0, 0.0, 0.0]
        assert x.numpy().tolist() == [0.0, 0.0, 0.0] and (x.is_cpu, y.is_cpu, y.get_device()) == (True, False, 0)


def test_module_to_with_a_dtype_or_a_memory_format_moves_every_parameter():
    with mps_emulation():
        for model in (torch.nn.Linear(2, 2).to("mps", torch.float16),
                      torch.nn.Conv2d(1, 1, 1).to("mps", memory_format=torch.channels_last)):
            assert {(p.device.type, p.is_mps) for p in model.parameters()} == {("mps", True)}
        half = torch.nn.Linear(2, 2).to(device="mps", dtype=torch.float16)
        assert half(torch.ones(1, 2, device="mps", dtype=torch.float16)).device.type == "mps"


def test_checkpoints_load_onto_mps_and_nothing_of_the_emulation_is_saved(tmp_path):
    path = tmp_path / "model.pt"
    with mps_emulation():
        torch.save(torch.nn.Linear(2, 2).to("mps").state_dict(), path)
        on_mps = torch.load(path, map_location="mps")
        on_cpu = torch.load(path, map_location="cpu")
        assert {t.device.type for t in on_mps.values()} == {"mps"}
        assert {t.device.type for t in on_cpu.values()} == {"cpu"}
        on_cpu["weight"].numpy()
        as_saved = torch.load(path)
        assert {t.device.type for t in as_saved.values()} == {"mps"}
    # Saved from MPS, as a Mac saves it: outside the emulation it loads with a map_location.
    assert all(t.__dict__ == {} for t in torch.load(path, map_location="cpu").values())


def test_packed_sequences_take_their_lengths_on_the_cpu_and_accelerator_says_mps():
    from torch.nn.utils.rnn import pack_padded_sequence

    with mps_emulation():
        packed = pack_padded_sequence(torch.zeros(3, 2, 4, device="mps"), torch.tensor([3, 2]))
        assert packed.data.device.type == "mps"
        assert torch.accelerator.is_available() and torch.accelerator.current_accelerator().type == "mps"


def test_a_float64_checkpoint_cannot_be_loaded_onto_mps(tmp_path):
    path = tmp_path / "table.pt"
    torch.save({"table": torch.zeros(2, dtype=torch.float64)}, path)
    with mps_emulation(), pytest.raises(TypeError, match=FLOAT64):
        torch.load(path, map_location="mps")


def test_the_stand_ins_keep_the_originals_names_signatures_and_wrapping():
    """PyTorch's compiler reads `torch.backends.mps.is_available.__wrapped__` (an lru_cache'd
    function since 2.14): a stand-in has it where the original has it, and the same signature."""
    import inspect

    names = ["backends.mps.is_available", "backends.mps.is_built", "mps.synchronize", "mps.manual_seed",
             "mps.device_count", "accelerator.current_accelerator", "set_default_device", "load", "save", "compile"]

    def look(name):
        owner, attribute = f"torch.{name}".rsplit(".", 1)
        function = getattr(eval(owner, {"torch": torch}), attribute)
        return function.__name__, str(inspect.signature(function)), hasattr(function, "__wrapped__")

    originals = [look(name) for name in names]
    with mps_emulation():
        assert [look(name) for name in names] == originals
        assert torch.backends.mps.is_available() and torch.backends.mps.is_available.__wrapped__() is not False


def test_pytorchs_compiler_can_be_imported_inside_the_emulation():
    import subprocess
    import sys

    program = "from f64lint.testing.mps_emulation import mps_emulation\nwith mps_emulation():\n    import torch._dynamo\n"
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("backend", ["eager", "inductor"])
def test_compiled_code_runs_as_on_a_mac(backend):
    import torch._dynamo

    torch._dynamo.reset()
    with mps_emulation():
        on_cpu = torch.compile(torch.nn.Linear(3, 2), backend=backend)
        assert on_cpu(torch.ones(1, 3)).device.type == "cpu"
        on_mps = torch.compile(torch.nn.Linear(3, 2).to("mps"), backend=backend)
        assert on_mps(torch.ones(1, 3, device="mps")).device.type == "mps"
        widened = torch.compile(lambda x: x.double() * 2, backend=backend)
        with pytest.raises(TypeError, match=FLOAT64):
            widened(torch.ones(2, device="mps"))
        # The emulation breaks the graph: that is not an error, even where it would be one.
        whole = torch.compile(lambda x: torch.relu(x) + 1, backend=backend, fullgraph=True)
        assert whole(torch.ones(2, device="mps")).device.type == "mps"


def test_torchscript_results_are_where_their_inputs_are():
    with mps_emulation():
        layer = torch.jit.script(torch.nn.Linear(3, 2)).to("mps")
        x = torch.ones(1, 3, device="mps")
        assert (layer(x) + x[:, :2]).device.type == "mps"

        @torch.jit.script
        def widen(t: torch.Tensor) -> torch.Tensor:
            return t.double()

        with pytest.raises(RuntimeError, match=r"^MPS backend does not support float64"):
            widen(x)
        with pytest.raises(RuntimeError, match="found at least two devices, mps:0 and cpu"):
            layer(torch.ones(1, 3)) + x[:, :2]

        # A difference from a Mac, as documented: what it makes inside is not checked.
        @torch.jit.script
        def round_trip(t: torch.Tensor) -> torch.Tensor:
            return t.double().float()

        assert round_trip(x).dtype == torch.float32


def test_threads_started_inside_the_emulation_run_inside_it():
    import threading

    seen = []

    def work():
        seen.append(torch.zeros(2, device="mps").device.type)
        try:
            torch.zeros(2, dtype=torch.float64, device="mps")
        except TypeError as error:
            seen.append(str(error).split(" as ")[0])

    with mps_emulation():
        thread = threading.Thread(target=work)
        thread.start()
        thread.join()
    assert seen == ["mps", "Cannot convert a MPS Tensor to float64 dtype"]


def test_an_lstm_runs_on_a_packed_sequence_whose_batch_sizes_stay_on_the_host():
    from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence

    with mps_emulation():
        lstm = torch.nn.LSTM(4, 5, batch_first=True).to("mps")
        packed = pack_padded_sequence(torch.randn(2, 3, 4, device="mps"), torch.tensor([3, 2]), batch_first=True)
        out, (h, _) = lstm(packed)
        padded, lengths = pad_packed_sequence(out, batch_first=True)
        assert (out.data.device.type, h.device.type, padded.device.type, lengths.device.type) == (
            "mps", "mps", "mps", "cpu")
        with pytest.raises(RuntimeError, match="found at least two devices"):
            torch.ones(2, device="mps") + torch.ones(2)


def test_a_generator_must_be_on_the_device_of_what_it_draws():
    with mps_emulation():
        on_mps = torch.Generator(device="mps").manual_seed(0)
        assert torch.randn(2, device="mps", generator=on_mps).device.type == "mps"
        with pytest.raises(RuntimeError, match=r"^Expected a 'mps' device type for generator but found 'cpu'$"):
            torch.randn(2, device="mps", generator=torch.Generator())
        with pytest.raises(RuntimeError, match=r"^Expected a 'cpu' device type for generator but found 'mps'$"):
            torch.randperm(3, generator=on_mps)


def test_a_checkpoint_saved_from_mps_loads_back_onto_mps(tmp_path):
    path = tmp_path / "model.pt"
    with mps_emulation():
        torch.save(torch.nn.Linear(2, 2).to("mps"), path)
        torch.save({"mps": torch.ones(2, device="mps"), "cpu": torch.ones(2)}, tmp_path / "mixed.pt")
        model = torch.load(path, weights_only=False)
        mixed = torch.load(tmp_path / "mixed.pt")
        assert (model.weight.device.type, model(torch.ones(2, device="mps")).device.type) == ("mps", "mps")
        assert {name: t.device.type for name, t in mixed.items()} == {"mps": "mps", "cpu": "cpu"}
