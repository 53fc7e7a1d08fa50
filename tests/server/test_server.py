"""`f64lint server`, driven over stdio by a real LSP client (pytest-lsp): diagnostics from
the editor's text, code actions applied, hover, notebooks synced as cells."""

from __future__ import annotations

import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

pytestmark = pytest.mark.asyncio

SOURCE = 'import torch\n\nx = torch.zeros(3, dtype=torch.float64, device="mps")\n'
FIXED = 'import torch\n\nx = torch.zeros(3, dtype=torch.float32, device="mps")\n'


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[sys.executable, "-m", "f64lint", "server"]),
)
async def client(lsp_client: LanguageClient, tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.f64lint]\nper-file-ignores = {"quiet.py" = ["F64001"]}\n')
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("visual-studio-code"),
            root_uri=tmp_path.as_uri(),
            initialization_options={"unsafeFixes": True},
        )
    )
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(
    config=ClientServerConfig(server_command=[sys.executable, "-m", "f64lint", "server"]),
)
async def safe_client(lsp_client: LanguageClient, tmp_path):
    """A client that leaves the initialization option `unsafeFixes` out."""
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities("visual-studio-code"), root_uri=tmp_path.as_uri())
    )
    yield
    await lsp_client.shutdown_session()


def applied(text: str, edits) -> str:
    """The text with LSP edits applied (ASCII text: UTF-16 units are characters)."""
    lines = text.split("\n")

    def offset(position):
        return sum(len(line) + 1 for line in lines[: position.line]) + position.character

    for edit in sorted(edits, key=lambda e: offset(e.range.start), reverse=True):
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end) :]
    return text


async def opened(client: LanguageClient, uri: str, text: str) -> None:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(uri=uri, language_id="python", version=1, text=text))
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)


async def test_diagnostics_come_from_the_editors_text(client: LanguageClient, tmp_path):
    uri = (tmp_path / "model.py").as_uri()  # no such file on disk: the editor's text is linted
    await opened(client, uri, SOURCE)
    [diagnostic] = client.diagnostics[uri]
    assert diagnostic.range == types.Range(types.Position(2, 25), types.Position(2, 38))
    assert (diagnostic.code, diagnostic.severity, diagnostic.source) == ("F64001", types.DiagnosticSeverity.Error, "f64lint")
    assert diagnostic.message == "`torch.float64` used as a dtype in `torch.zeros()`; MPS has no float64"

    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangePartial(
                range=types.Range(types.Position(2, 31), types.Position(2, 33)), text="32")],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[uri]) == []


async def test_the_projects_configuration_applies(client: LanguageClient, tmp_path):
    uri = (tmp_path / "quiet.py").as_uri()
    await opened(client, uri, SOURCE)
    assert list(client.diagnostics[uri]) == []


async def test_code_actions_fix_silence_and_fix_all(client: LanguageClient, tmp_path):
    uri = (tmp_path / "model.py").as_uri()
    await opened(client, uri, SOURCE)
    [diagnostic] = client.diagnostics[uri]
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri),
            range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic]),
        )
    )
    assert [(a.title, a.kind) for a in actions] == [
        ("f64lint: Use `torch.float32`: the tensor is made on MPS, which has no float64", types.CodeActionKind.QuickFix),
        ("f64lint: Silence F64001 on this line (# noqa)", types.CodeActionKind.QuickFix),
        ("f64lint: Fix all f64lint problems", "source.fixAll.f64lint"),
    ]
    quick, noqa, fix_all = actions
    assert applied(SOURCE, quick.edit.changes[uri]) == FIXED
    assert applied(SOURCE, noqa.edit.changes[uri]) == SOURCE.replace('"mps")\n', '"mps")  # noqa: F64001\n')
    # "Fix all" is worked out when picked (this client resolves edits), as a versioned edit.
    assert fix_all.edit is None
    resolved = await client.code_action_resolve_async(fix_all)
    [change] = resolved.edit.document_changes
    assert (change.text_document.uri, change.text_document.version) == (uri, 1)
    assert applied(SOURCE, change.edits) == FIXED

    only_source = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri),
            range=types.Range(types.Position(0, 0), types.Position(0, 0)),
            context=types.CodeActionContext(diagnostics=[], only=["source"]),
        )
    )
    assert [a.kind for a in only_source] == ["source.fixAll.f64lint"]


async def test_hover_shows_the_rules_documentation(client: LanguageClient, tmp_path):
    uri = (tmp_path / "model.py").as_uri()
    await opened(client, uri, SOURCE)
    hover = await client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(uri), types.Position(2, 30))
    )
    assert hover.contents.value.startswith("**F64001 torch-float64-dtype**: ")
    assert "Cannot convert a MPS Tensor to float64" in hover.contents.value


async def test_a_notebook_synced_as_cells(client: LanguageClient, tmp_path):
    notebook = (tmp_path / "explore.ipynb").as_uri()
    cells = [f"{notebook}#W{n}sZmlsZQ%3D%3D" for n in range(3)]  # percent-encoded, as VS Code's
    texts = ["import numpy as np\nimport torch\nxs = np.linspace(0, 1, 4)", "# Grid", 'g = torch.from_numpy(xs).to("mps")']
    client.notebook_document_did_open(
        types.DidOpenNotebookDocumentParams(
            notebook_document=types.NotebookDocument(
                uri=notebook, notebook_type="jupyter-notebook", version=1,
                cells=[
                    types.NotebookCell(kind=types.NotebookCellKind.Code, document=cells[0]),
                    types.NotebookCell(kind=types.NotebookCellKind.Markup, document=cells[1]),
                    types.NotebookCell(kind=types.NotebookCellKind.Code, document=cells[2]),
                ],
            ),
            cell_text_documents=[
                types.TextDocumentItem(uri=uri, language_id="markdown" if n == 1 else "python", version=1, text=text)
                for n, (uri, text) in enumerate(zip(cells, texts))
            ],
        )
    )
    while cells[2] not in client.diagnostics:
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    found = client.diagnostics[cells[2]]
    assert [(d.code, d.range.start.line, d.range.start.character, d.message) for d in found] == [
        ("F64003", 0, 4, "float64 NumPy array (from `np.linspace` at cell 1, line 3) becomes a tensor in "
                         "`torch.from_numpy()`; MPS has no float64"),
    ]
    assert list(client.diagnostics[cells[0]]) == []
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(cells[2]),
            range=found[0].range,
            context=types.CodeActionContext(diagnostics=found[:1], only=[types.CodeActionKind.QuickFix]),
        )
    )
    # The NumPy work in the first cell stays float64: the array is narrowed where it
    # becomes a tensor, at the move in the third cell.
    assert list(actions[0].edit.changes) == [cells[2]]
    assert applied(texts[2], actions[0].edit.changes[cells[2]]) == (
        'g = torch.from_numpy(xs).to("mps", dtype=torch.float32)'
    )


async def test_no_quick_fix_from_findings_of_an_older_text(client: LanguageClient, tmp_path):
    # Two lines typed above the finding: until the text is linted again, its old position
    # would put an edit on the wrong line, so no action is offered for it.
    uri = (tmp_path / "model.py").as_uri()
    await opened(client, uri, SOURCE)
    [diagnostic] = client.diagnostics[uri]
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text="\n\n" + SOURCE)],
        )
    )
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri),
            range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic]),
        )
    )
    assert list(actions or []) == []
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert [d.range.start.line for d in client.diagnostics[uri]] == [4]


async def test_excluded_files_and_lines_split_as_python_splits_them(client: LanguageClient, tmp_path):
    (tmp_path / "pyproject.toml").write_text('[tool.f64lint]\nextend-exclude = ["generated"]\n')
    excluded = (tmp_path / "generated" / "model.py").as_uri()
    await opened(client, excluded, SOURCE)
    assert list(client.diagnostics[excluded]) == []
    # A form feed is no line break to Python (nor to LSP): the finding is on line 3.
    uri = (tmp_path / "paged.py").as_uri()
    await opened(client, uri, 'import torch\n\x0c\nx = torch.zeros(3, dtype=torch.float64, device="mps")\n')
    assert [(d.range.start.line, d.range.start.character) for d in client.diagnostics[uri]] == [(2, 25)]


async def test_a_deleted_cell_loses_its_diagnostics(client: LanguageClient, tmp_path):
    notebook = (tmp_path / "explore.ipynb").as_uri()
    cells = [f"{notebook}#cell{n}" for n in range(2)]
    texts = ["import torch", 'g = torch.ones(2, dtype=torch.float64, device="mps")']
    client.notebook_document_did_open(
        types.DidOpenNotebookDocumentParams(
            notebook_document=types.NotebookDocument(
                uri=notebook, notebook_type="jupyter-notebook", version=1,
                cells=[types.NotebookCell(kind=types.NotebookCellKind.Code, document=uri) for uri in cells],
            ),
            cell_text_documents=[
                types.TextDocumentItem(uri=uri, language_id="python", version=1, text=text)
                for uri, text in zip(cells, texts)
            ],
        )
    )
    while not client.diagnostics.get(cells[1]):
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    client.notebook_document_did_change(
        types.DidChangeNotebookDocumentParams(
            notebook_document=types.VersionedNotebookDocumentIdentifier(version=2, uri=notebook),
            change=types.NotebookDocumentChangeEvent(
                cells=types.NotebookDocumentCellChanges(
                    structure=types.NotebookDocumentCellChangeStructure(
                        array=types.NotebookCellArrayChange(start=1, delete_count=1),
                        did_close=[types.TextDocumentIdentifier(cells[1])],
                    )
                )
            ),
        )
    )
    while client.diagnostics.get(cells[1]):
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[cells[1]]) == []


async def test_what_the_modules_it_imports_export_is_read_from_them(client: LanguageClient, tmp_path):
    # No run of f64lint over the project came first: the editor's text of model.py, which
    # moves utils.table's result to MPS, is linted with what utils.py exports, as
    # `f64lint model.py` would.
    (tmp_path / "utils.py").write_text("import torch\n\n\ndef table(n):\n    return torch.arange(n, dtype=torch.float64)\n")
    (tmp_path / "model.py").write_text("import torch\n")
    uri = (tmp_path / "model.py").as_uri()
    await opened(client, uri, 'import torch\n\nfrom utils import table\n\nx = table(4).to("mps")\n')
    assert [(d.code, d.message) for d in client.diagnostics[uri]] == [
        ("F64004", "float64 tensor (from `torch.arange(dtype=torch.float64)` in `utils.table` at utils.py:5) "
                   "moved to a device that may be 'mps'"),
    ]


async def test_a_folder_made_a_package_while_the_server_runs(client: LanguageClient, tmp_path):
    # model.py imports `.utils` relatively: only once pkg/ holds an `__init__.py` does that
    # name utils.py, whose float64 is then read.
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "utils.py").write_text("import torch\n\n\ndef table(n):\n    return torch.arange(n, dtype=torch.float64)\n")
    (package / "model.py").write_text("import torch\n")
    uri = (package / "model.py").as_uri()
    text = 'import torch\n\nfrom .utils import table\n\nx = table(4).to("mps")\n'
    await opened(client, uri, text)
    assert list(client.diagnostics[uri]) == []

    (package / "__init__.py").write_text("")
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text + "\n")],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert [(d.code, d.message) for d in client.diagnostics[uri]] == [
        ("F64004", "float64 tensor (from `torch.arange(dtype=torch.float64)` in `pkg.utils.table` at pkg/utils.py:5) "
                   "moved to a device that may be 'mps'"),
    ]


async def test_fix_all_is_for_the_text_it_was_worked_out_from(client: LanguageClient, tmp_path):
    # The user types while "fix all" is worked out: the edit carries the version it was
    # made for, which the editor then rejects, never the new one over the old text.
    import asyncio

    uri = (tmp_path / "big.py").as_uri()
    old = "import torch\n\n" + "".join(f'x{i} = torch.zeros(3, dtype=torch.float64, device="mps")\n' for i in range(500))
    await opened(client, uri, old)
    [fix_all] = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(types.Position(0, 0), types.Position(0, 0)),
        context=types.CodeActionContext(diagnostics=[], only=["source.fixAll.f64lint"]),
    ))
    resolving = asyncio.ensure_future(client.code_action_resolve_async(fix_all))
    await asyncio.sleep(0.2)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=old.replace("x10 = ", "typed = 1\nx10 = "))],
    ))
    [change] = (await resolving).edit.document_changes
    assert change.text_document.version == 1
    assert "typed = 1" not in change.edits[0].new_text


def test_fix_all_fixes_what_the_modules_it_imports_make(tmp_path, monkeypatch):
    from f64lint.server.documents import fixed
    from f64lint.workspace.settings import Settings

    (tmp_path / "utils.py").write_text("import torch\n\n\ndef table(n):\n    return torch.arange(n, dtype=torch.float64)\n")
    monkeypatch.chdir(tmp_path)
    text = 'import torch\n\nfrom utils import table\n\nx = table(4).to("mps")\n'
    assert fixed(tmp_path / "model.py", text, Settings(root=tmp_path), unsafe=True) == (
        'import torch\n\nfrom utils import table\n\nx = table(4).to("mps", dtype=torch.float32)\n'
    )


async def fix_all_actions(client: LanguageClient, uri: str):
    """The "fix all" actions the server offers for a document."""
    return await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(types.Position(0, 0), types.Position(0, 0)),
        context=types.CodeActionContext(diagnostics=[], only=["source.fixAll.f64lint"]),
    ))


async def test_fix_all_without_unsafe_fixes_says_how_many_it_leaves_out(safe_client: LanguageClient, tmp_path):
    uri = (tmp_path / "model.py").as_uri()
    # One safe fix (the move then cast merged) and one unsafe (float32 where float64 was
    # asked), as the command line counts them.
    made = 'import torch\n\nx = torch.zeros(3, dtype=torch.float64)\n'
    text = made + "y = x.to('mps').float()\n"
    await opened(safe_client, uri, text)
    [fix_all] = await fix_all_actions(safe_client, uri)
    assert fix_all.title == "f64lint: Fix all f64lint problems (1 unsafe fix left out: initialization option unsafeFixes)"
    [change] = (await safe_client.code_action_resolve_async(fix_all)).edit.document_changes
    assert applied(text, change.edits) == made + "y = x.to('mps', dtype=torch.float32)\n"

    # Only unsafe fixes: the action is still offered, so that the editor says why nothing is fixed.
    only_unsafe = (tmp_path / "unsafe.py").as_uri()
    await opened(safe_client, only_unsafe, made)
    [held] = await fix_all_actions(safe_client, only_unsafe)
    assert held.title == "f64lint: Fix all f64lint problems (1 unsafe fix left out: initialization option unsafeFixes)"
    assert not (await safe_client.code_action_resolve_async(held)).edit.document_changes
