"""`f64lint server` is a language server over stdio (`pip install 'f64lint[server]'`, which
adds pygls). It lints what the editor holds, not the file on disk: on open, on save, and
after a pause in typing; Python files and Jupyter notebooks synced as cells; with each
file's project configuration. Hovering a finding shows its rule; code actions offer its
fix (unsafe ones say so), a `# noqa` for it, and `source.fixAll.f64lint` (safe fixes only,
unless the client passes `{"unsafeFixes": true}` as initialization options).

- **Neovim** (0.11+): `vim.lsp.config("f64lint", { cmd = { "f64lint", "server" }, filetypes = { "python" }, root_markers = { "pyproject.toml", ".git" } })`, then `vim.lsp.enable("f64lint")`.
- **Helix** (`languages.toml`): `[language-server.f64lint]` with `command = "f64lint"` and `args = ["server"]`, and `language-servers = ["pylsp", "f64lint"]` (your others, plus this one) under `[[language]] name = "python"`.
- **VS Code**: any generic LSP client extension, with the command `f64lint server` for the `python` language.

What the modules of its package the open file imports export (a helper's float64 table
moved in the open file) is read from them as they are on disk, through the project's
cache, as `f64lint file.py` reads it.

How it works: `f64lint server`: a language server over stdio (pygls and lsprotocol).

Diagnostics for the documents an editor has open, from its in-memory text, on open, on
change (after a pause in typing) and on save: Python files, and notebooks the editor
syncs as cells. The configuration of each file's project applies. Code actions: each
finding's fix (labelled unsafe when it changes CPU/CUDA precision), `# noqa` for it, and
"fix all" as `source.fixAll.f64lint` (safe fixes, unless the client's initialization
options say `{"unsafeFixes": true}`). Hovering a finding shows its rule's documentation.

Linting and fixing run in worker threads, so the editor is never kept waiting and a small
file's lint is not queued behind a big one's; a result for a text that has changed since
is dropped, a request superseded by a newer
change of the same document is cancelled before it starts, and code actions are offered
only for findings of the text as it is (so an edit never lands on lines that moved). "Fix
all" is worked out when the editor picks it (`codeAction/resolve`), or, for a client that
cannot resolve, in the worker. Documents are synced whole: the server splits lines as
Python does, whatever the editor's count of form feeds and other separators.
"""  # noqa: E501

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Sequence, Tuple
from urllib.parse import unquote

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path
from pygls.workspace import TextDocument

from f64lint import __version__
from f64lint.diagnostic import Applicability, Diagnostic, Position, Severity
from f64lint.linter.add_noqa import with_noqa
from f64lint.rules import RULES_BY_CODE
from f64lint.server.documents import Cells, cell_sources, check, excluded, fixed, notebook_text, settings_for
from f64lint.source.notebook import is_notebook

# How long typing must pause before a changed document is linted.
DEBOUNCE_SECONDS = 0.3
FIX_ALL = "source.fixAll.f64lint"
_PYTHON_SUFFIXES = (".py", ".pyi")
_SEVERITY = {Severity.ERROR: types.DiagnosticSeverity.Error, Severity.WARNING: types.DiagnosticSeverity.Warning}

Found = List[Tuple[types.Diagnostic, Diagnostic]]
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class F64LintServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__(
            "f64lint",
            __version__,
            text_document_sync_kind=types.TextDocumentSyncKind.Full,
            notebook_document_sync=types.NotebookDocumentSyncOptions(
                notebook_selector=[
                    types.NotebookDocumentFilterWithCells(
                        cells=[types.NotebookCellLanguage(language="python")], notebook="jupyter-notebook"
                    )
                ],
                save=True,
            ),
        )
        self.pending: Dict[str, asyncio.Task] = {}  # the lint waiting for each document or notebook
        self.found: Dict[str, Found] = {}  # the last findings of each document (a cell's, in a notebook)
        self.linted: Dict[str, Optional[int]] = {}  # the version of each document they are of
        self.cells_of: Dict[str, List[str]] = {}  # the cells of each notebook, as last linted
        self.unsafe_fix_all = False
        # A few threads: a small file's lint interleaves with a big one's, not after it.
        self.worker = ThreadPoolExecutor(max_workers=4, thread_name_prefix="f64lint")

    # Scheduling -------------------------------------------------------------------------

    def schedule(self, uri: str, delay: float) -> None:
        """Lint a document or notebook after `delay`, superseding a lint not yet started."""
        waiting = self.pending.pop(uri, None)
        if waiting is not None:
            waiting.cancel()
        self.pending[uri] = asyncio.ensure_future(self._lint_later(uri, delay))

    async def _lint_later(self, uri: str, delay: float) -> None:
        await asyncio.sleep(delay)
        notebook = self.workspace.get_notebook_document(notebook_uri=uri)
        if notebook is not None:
            await self._lint_notebook(notebook)
        elif unquote(uri) in self.workspace.text_documents:  # pygls keeps URIs decoded
            await self._lint_document(self.workspace.get_text_document(uri))

    async def _in_worker(self, job, *args):
        return await asyncio.get_running_loop().run_in_executor(self.worker, job, *args)

    async def _lint_document(self, document: TextDocument) -> None:
        path = _document_path(document)
        if path is None:
            return
        version, text = document.version, document.source
        findings = await self._in_worker(_check_unless_excluded, path, text)
        if document.version == version:
            self.publish(document.uri, [(_lsp_diagnostic(d, text), d) for d in findings], version)

    async def _lint_notebook(self, notebook: types.NotebookDocument) -> None:
        path = _path(notebook.uri) or Path("Untitled.ipynb")
        version, cells = notebook.version, self.cells(notebook)
        findings = await self._in_worker(_check_unless_excluded, path, notebook_text(cells))
        if notebook.version != version:
            return
        by_cell: Dict[str, Found] = {cell.document: [] for cell in notebook.cells}
        for finding in findings:
            cell = notebook.cells[finding.cell - 1] if finding.cell else notebook.cells[0]
            text = cells[notebook.cells.index(cell)][1]
            by_cell[cell.document].append((_lsp_diagnostic(finding, text), finding))
        for gone in set(self.cells_of.get(notebook.uri, ())) - set(by_cell):
            _forget(self, [gone])  # a cell deleted since
        self.cells_of[notebook.uri] = list(by_cell)
        for uri, found in by_cell.items():
            self.publish(uri, found, self.workspace.get_text_document(uri).version)

    def cells(self, notebook: types.NotebookDocument) -> Cells:
        return [
            (cell.kind == types.NotebookCellKind.Code, self.workspace.get_text_document(cell.document).source)
            for cell in notebook.cells
        ]

    def publish(self, uri: str, found: Found, version: Optional[int]) -> None:
        self.found[uri] = found
        self.linted[uri] = version
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=[lsp for lsp, _ in found], version=version)
        )

    def current(self, uri: str) -> Found:
        """The findings of a document as it is now; none while it is being linted again."""
        if unquote(uri) not in self.workspace.text_documents:  # pygls keeps URIs decoded
            return []
        if self.linted.get(uri) != self.workspace.get_text_document(uri).version:
            return []
        return self.found.get(uri, [])

    # Code actions ---------------------------------------------------------------------

    async def code_actions(self, params: types.CodeActionParams) -> List[types.CodeAction]:
        uri = params.text_document.uri
        only = params.context.only
        found = self.current(uri)
        actions: List[types.CodeAction] = []
        if _wanted(only, types.CodeActionKind.QuickFix):
            for lsp, finding in found:
                if not _overlap(lsp.range, params.range):
                    continue
                quick = self._quick_fix(uri, lsp, finding) if finding.fix is not None else None
                if quick is not None:
                    actions.append(quick)
                noqa = self._noqa(uri, lsp, finding)
                if noqa is not None:
                    actions.append(noqa)
        applied, held = self._fixes(uri) if _wanted(only, FIX_ALL) else (0, 0)
        if applied or held:
            title = "f64lint: Fix all f64lint problems"
            if held:  # say why they are left out, and how to have them
                title += f" ({held} unsafe fix{'es' if held > 1 else ''} left out: initialization option unsafeFixes)"
            action = types.CodeAction(title=title, kind=FIX_ALL, data={"uri": uri})
            actions.append(action if self._resolves_edits() else await self.resolve(action))
        return actions

    def _fixes(self, uri: str) -> Tuple[int, int]:
        """How many fixes "fix all" would apply among the findings of the document (of
        every cell, in a notebook), and how many unsafe ones it leaves out."""
        notebook = self.workspace.get_notebook_document(cell_uri=uri)
        uris = [cell.document for cell in notebook.cells] if notebook is not None else [uri]
        fixes = [finding.fix for each in uris for _, finding in self.current(each) if finding.fix is not None]
        applied = sum(self.unsafe_fix_all or fix.applicability is Applicability.SAFE for fix in fixes)
        return applied, len(fixes) - applied

    def _resolves_edits(self) -> bool:
        capability = self.client_capabilities.text_document
        support = capability.code_action.resolve_support if capability and capability.code_action else None
        return support is not None and "edit" in support.properties

    async def resolve(self, action: types.CodeAction) -> types.CodeAction:
        """Work out "fix all" (in the worker: it lints and fixes the whole document)."""
        uri = action.data.get("uri") if isinstance(action.data, dict) else None
        if uri is not None:
            # The texts and their versions are taken together, here: an edit made while the
            # worker fixes makes the versioned result one the editor rejects.
            action.edit = await self._in_worker(_fix_all, *self._snapshot(uri), self.unsafe_fix_all)
        return action

    def _quick_fix(self, uri: str, lsp: types.Diagnostic, finding: Diagnostic) -> Optional[types.CodeAction]:
        assert finding.fix is not None
        safe = finding.fix.applicability is Applicability.SAFE
        changes: Dict[str, List[types.TextEdit]] = {}
        for edit in finding.fix.edits:
            target = self._cell_uri(uri, edit.cell) if edit.cell is not None else uri
            if self.linted.get(target) != self.workspace.get_text_document(target).version:
                return None  # a cell changed since the lint: the edit's positions are old
            text = self.workspace.get_text_document(target).source
            changes.setdefault(target, []).append(types.TextEdit(_lsp_range(edit.start, edit.end, text), edit.content))
        return types.CodeAction(
            title=f"f64lint: {finding.fix.message}{'' if safe else ' (unsafe: changes CPU/CUDA precision)'}",
            kind=types.CodeActionKind.QuickFix,
            diagnostics=[lsp],
            edit=types.WorkspaceEdit(changes=changes),
            is_preferred=safe,
        )

    def _noqa(self, uri: str, lsp: types.Diagnostic, finding: Diagnostic) -> Optional[types.CodeAction]:
        text = self.workspace.get_text_document(uri).source
        line = finding.noqa_line or finding.start.line
        new = _LINE_BREAK.split(with_noqa(text, {line: {finding.code}})[0])
        old = _LINE_BREAK.split(text)
        if line > len(new) or line > len(old) or new[line - 1] == old[line - 1]:
            return None
        start, end = Position(line, 1), Position(line, len(old[line - 1]) + 1)
        return types.CodeAction(
            title=f"f64lint: Silence {finding.code} on this line (# noqa)",
            kind=types.CodeActionKind.QuickFix,
            diagnostics=[lsp],
            edit=types.WorkspaceEdit(changes={uri: [types.TextEdit(_lsp_range(start, end, text), new[line - 1])]}),
        )

    def _snapshot(self, uri: str) -> Tuple[Optional[Path], Optional[List[bool]], List[Tuple[str, Optional[int], str]]]:
        """What "fix all" works on: the file, for a notebook which cells are code, and each
        document's (uri, version, text)."""
        notebook = self.workspace.get_notebook_document(cell_uri=uri)
        if notebook is None:
            document = self.workspace.get_text_document(uri)
            return _document_path(document), None, [(uri, document.version, document.source)]
        documents = [self.workspace.get_text_document(cell.document) for cell in notebook.cells]
        code = [cell.kind == types.NotebookCellKind.Code for cell in notebook.cells]
        path = _path(notebook.uri) or Path("Untitled.ipynb")
        return path, code, [(cell.document, doc.version, doc.source) for cell, doc in zip(notebook.cells, documents)]

    def _cell_uri(self, uri: str, cell: int) -> str:
        notebook = self.workspace.get_notebook_document(cell_uri=uri)
        return notebook.cells[cell - 1].document if notebook is not None else uri

    def hover(self, params: types.HoverParams) -> Optional[types.Hover]:
        for lsp, finding in self.current(params.text_document.uri):
            if _overlap(lsp.range, types.Range(params.position, params.position)):
                rule = RULES_BY_CODE[finding.code]
                text = f"**{rule.code} {rule.name}**: {rule.summary}.\n\n{rule.documentation()}"
                return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, text), lsp.range)
        return None


def _fix_all(
    path: Optional[Path],
    code: Optional[List[bool]],
    documents: List[Tuple[str, Optional[int], str]],
    unsafe: bool,
) -> types.WorkspaceEdit:
    """Every fix applied to a document, or to a notebook's cells (`code`: which are code),
    as edits for the versions the texts had."""
    new: List[str] = []
    if path is not None and code is not None:
        whole = fixed(
            path,
            notebook_text([(is_code, text) for is_code, (_, _, text) in zip(code, documents)]),
            settings_for(path),
            unsafe,
        )
        new = cell_sources(whole) if whole is not None else []
    elif path is not None:
        whole = fixed(path, documents[0][2], settings_for(path), unsafe)
        new = [whole] if whole is not None else []
    return types.WorkspaceEdit(
        document_changes=[
            types.TextDocumentEdit(types.OptionalVersionedTextDocumentIdentifier(uri, version), [_whole(text, source)])
            for (uri, version, text), source in zip(documents, new)
            if source != text
        ]
    )


def _path(uri: str) -> Optional[Path]:
    """The file a document or notebook is, when it is one f64lint reads."""
    path = to_fs_path(uri)
    return Path(path) if path is not None and (path.endswith(_PYTHON_SUFFIXES) or is_notebook(path)) else None


def _document_path(document: TextDocument) -> Optional[Path]:
    """A Python document's file; an unsaved one (`untitled:`) is read as `untitled.py`."""
    path = _path(document.uri)
    if path is None and document.language_id == "python":
        return Path("untitled.py")
    return path


def _lsp_position(position: Position, lines: Sequence[str]) -> types.Position:
    """A 1-based line and character column as LSP counts: 0-based, in UTF-16 units."""
    line = min(position.line - 1, len(lines) - 1)
    if line < 0:
        return types.Position(0, 0)
    before = lines[line][: position.column - 1]
    return types.Position(line, len(before.encode("utf-16-le")) // 2)


def _lsp_range(start: Position, end: Position, text: str) -> types.Range:
    lines = _LINE_BREAK.split(text)  # as Python splits lines, not str.splitlines
    return types.Range(_lsp_position(start, lines), _lsp_position(end, lines))


def _lsp_diagnostic(finding: Diagnostic, text: str) -> types.Diagnostic:
    return types.Diagnostic(
        range=_lsp_range(finding.start, finding.end, text),
        message=finding.message,
        severity=_SEVERITY[finding.severity],
        code=finding.code,
        source="f64lint",
    )


def _whole(old: str, new: str) -> types.TextEdit:
    """Replace the whole text."""
    lines = _LINE_BREAK.split(old)
    end = types.Position(len(lines) - 1, len(lines[-1].encode("utf-16-le")) // 2)
    return types.TextEdit(types.Range(types.Position(0, 0), end), new)


def _overlap(a: types.Range, b: types.Range) -> bool:
    def key(position: types.Position) -> Tuple[int, int]:
        return position.line, position.character

    return key(a.start) <= key(b.end) and key(b.start) <= key(a.end)


def _wanted(only: Optional[Sequence[str]], kind: str) -> bool:
    """Does the client ask for this kind of action (`source` asks for `source.fixAll...`)?"""
    return only is None or any(kind == asked or kind.startswith(f"{asked}.") for asked in only)


def build() -> F64LintServer:
    server = F64LintServer()

    @server.feature(types.INITIALIZE)
    def initialize(ls: F64LintServer, params: types.InitializeParams) -> None:
        options = params.initialization_options
        ls.unsafe_fix_all = bool(isinstance(options, dict) and options.get("unsafeFixes"))

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: F64LintServer, params: types.DidOpenTextDocumentParams) -> None:
        if ls.workspace.get_notebook_document(cell_uri=params.text_document.uri) is None:
            ls.schedule(params.text_document.uri, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: F64LintServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, DEBOUNCE_SECONDS)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: F64LintServer, params: types.DidSaveTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, 0)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: F64LintServer, params: types.DidCloseTextDocumentParams) -> None:
        _forget(ls, [params.text_document.uri])

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_OPEN)
    def notebook_open(ls: F64LintServer, params: types.DidOpenNotebookDocumentParams) -> None:
        ls.schedule(params.notebook_document.uri, 0)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_CHANGE)
    def notebook_change(ls: F64LintServer, params: types.DidChangeNotebookDocumentParams) -> None:
        ls.schedule(params.notebook_document.uri, DEBOUNCE_SECONDS)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_SAVE)
    def notebook_save(ls: F64LintServer, params: types.DidSaveNotebookDocumentParams) -> None:
        ls.schedule(params.notebook_document.uri, 0)

    @server.feature(types.NOTEBOOK_DOCUMENT_DID_CLOSE)
    def notebook_close(ls: F64LintServer, params: types.DidCloseNotebookDocumentParams) -> None:
        uri = params.notebook_document.uri
        cells = [cell.uri for cell in params.cell_text_documents] + ls.cells_of.pop(uri, [])
        _forget(ls, [uri, *dict.fromkeys(cells)])

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL], resolve_provider=True),
    )
    async def code_action(ls: F64LintServer, params: types.CodeActionParams) -> List[types.CodeAction]:
        return await ls.code_actions(params)

    @server.feature(types.CODE_ACTION_RESOLVE)
    async def code_action_resolve(ls: F64LintServer, action: types.CodeAction) -> types.CodeAction:
        return await ls.resolve(action)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: F64LintServer, params: types.HoverParams) -> Optional[types.Hover]:
        return ls.hover(params)

    return server


def _check_unless_excluded(path: Path, text: str) -> List[Diagnostic]:
    """The findings of a document, none for one the project's configuration excludes."""
    settings = settings_for(path)
    return [] if excluded(path, settings) else check(path, text, settings)


def _forget(ls: F64LintServer, uris: Iterable[str]) -> None:
    for uri in uris:
        waiting = ls.pending.pop(uri, None)
        if waiting is not None:
            waiting.cancel()
        ls.linted.pop(uri, None)
        if ls.found.pop(uri, None) is not None:
            ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))


def serve() -> None:
    build().start_io()
