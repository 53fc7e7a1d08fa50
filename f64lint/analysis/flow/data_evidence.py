"""What shows that data of unseen dtype is not float64 from outside the code:

- its name says it holds integers (`input_ids`, `batch["labels"]`, a batch's `y`), or
  what a model computed on the device it goes back to (`logits`, `activations`: its dtype
  is the model's);
- its use: an index (`x.index_select(1, torch.tensor(series, device=device))`,
  `x[idx.to(device)]`) or the class indices of a classification loss
  (`F.cross_entropy(out, y_real)`).

Integers and booleans are safe on MPS, and a model's outputs have the model's dtype, so
such data is not reported as possibly float64."""

from __future__ import annotations

import re
from typing import List

from f64lint.analysis.domain.library import (
    FUNCTION_INDEX_ARGUMENT,
    INDEX_ARGUMENT,
    SAME_DATA,
    by_short_name,
    short_names,
)
from f64lint.analysis.flow.values import Flow
from f64lint.analysis.syntax.calls import method_name, positional
from f64lint.analysis.syntax.nodes import last_name
from f64lint.cst import cst

# A batch's labels, as training loops name them (`y`, `batch_y`, `samples_y`, `targets`):
# class indices in most code. (`y_pred` is not one, nor `bbox_targets` or `train_y`,
# regression targets as often.)
_LABEL_NAME = re.compile(r"^(?:batch_|next_|b_|samples?_)?(?:y|ys|targets?)(?:_batch)?$")
# Words that name integer data: ids (`tid`: a task id), indices, labels, masks, token ids,
# lengths.
_INTEGER_WORDS = frozenset({
    "id", "ids", "idx", "idxs", "tid", "tids", "index", "indices", "indexes", "label", "labels", "mask", "masks",
    "token", "tokens", "length", "lengths", "lens", "count", "counts", "class", "classes", "cls",
    "size", "sizes", "shape", "shapes", "onehot", "tokenizer", "tokenize", "encode", "rng",
})
# Words that name what a model computed: its dtype is the model's (`batch_logits` kept in a
# replay buffer, hooked `activations`). Not `feats` or `embeddings`: inputs as often.
_MODEL_OUTPUT_WORDS = frozenset({"logits", "activations", "acts", "preds", "predictions"})
# Methods that give the same data in another container: the name is the receiver's
# (`df[f"{t}_id"].to_numpy()`, `ids.cpu()`).
_SAME_DATA = frozenset(short_names(SAME_DATA))
_INDEX_ARGUMENT = by_short_name(INDEX_ARGUMENT)
_FUNCTION_INDEX_ARGUMENT = by_short_name(FUNCTION_INDEX_ARGUMENT)


def integer_named(node: cst.CSTNode) -> bool:
    """Is the data named as integers (`input_ids`, `batch["labels"]`, `df[f"{t}_id"].to_numpy()`,
    `labels[i]`, `self.attention_mask`, `vocab.get_idx()`, parameter `token_ids`)? A table's
    column read as an array is named by its words only: `frame["target"].to_numpy()` is a
    regression target as often as labels."""
    name, converted = "", False
    while True:
        if isinstance(node, cst.Subscript) and not _keyed(node):  # `self.labels[i]`
            node = node.value
        elif isinstance(node, cst.Call) and method_name(node) in _SAME_DATA:
            assert isinstance(node.func, cst.Attribute)
            node, converted = node.func.value, True
        elif isinstance(node, cst.Attribute) and node.attr.value == "values":  # `df["id"].values`
            node, converted = node.value, True
        else:
            break
    if isinstance(node, cst.Subscript) and len(node.slice) == 1:
        index = node.slice[0].slice
        key = index.value if isinstance(index, cst.Index) else None
        if isinstance(key, cst.ListComp):  # `df[[f"{t}_id" for t in targets]]`: columns so named
            key = key.elt
        if isinstance(key, cst.SimpleString):
            written = key.evaluated_value
            name = written if isinstance(written, str) else ""
        elif isinstance(key, cst.FormattedString):
            name = "".join(part.value for part in key.parts if isinstance(part, cst.FormattedStringText))
    if isinstance(node, cst.Call):
        node = node.func
    if isinstance(node, cst.Param):
        node = node.name
    name = name or (last_name(node) if isinstance(node, cst.BaseExpression) else "")
    return _has_integer_word(name) if converted else names_integers(name)


def _keyed(node: cst.Subscript) -> bool:
    """`batch["labels"]`, `df[f"{t}_id"]`, `df[[f"{t}_id" for t in targets]]`: an item read
    by a written key."""
    index = node.slice[0].slice if len(node.slice) == 1 else None
    key = index.value if isinstance(index, cst.Index) else None
    if isinstance(key, cst.ListComp):
        key = key.elt
    return isinstance(key, (cst.SimpleString, cst.FormattedString))


def names_integers(name: str) -> bool:
    """Does a name (`input_ids`, `attentionMask`, a batch's `y`) say its data is integers?"""
    return _LABEL_NAME.match(name) is not None or _has_integer_word(name)


def _has_integer_word(name: str) -> bool:
    return any(word in _INTEGER_WORDS for word in _words(name))


def named_not_float64(node: cst.CSTNode) -> bool:
    """Is the data named as integers or a model's outputs?"""
    return integer_named(node) or names_model_output(node)


def names_model_output(node: cst.CSTNode) -> bool:
    """Is the data named as what a model computed (`batch_logits`, `self.activations`,
    parameter `activations`)?"""
    if isinstance(node, cst.Param):
        node = node.name
    name = last_name(node) if isinstance(node, cst.BaseExpression) else ""
    return any(word in _MODEL_OUTPUT_WORDS for word in _words(name))


def _words(name: str) -> List[str]:
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower().split("_")


def used_as_index(flow: Flow, node: cst.BaseExpression) -> bool:
    """Is a tensor used as an index where it is made, or through the name it is assigned
    to: the index argument of `index_select`, `gather`, `scatter`, ... or a subscript's
    index (`x[idx]`)? An index tensor holds integers (or booleans, as a mask)."""
    if _an_index(flow, node):
        return True
    return any(_an_index(flow, read) for read in flow.facts.reads_by_value.get(id(node), ()))


def _an_index(flow: Flow, node: cst.BaseExpression) -> bool:
    parent = flow.facts.parent(node)
    if isinstance(parent, cst.Index):
        return isinstance(flow.facts.parent(parent), cst.SubscriptElement)
    if not isinstance(parent, cst.Arg):
        return False
    call = flow.facts.parent(parent)
    if not isinstance(call, cst.Call):
        return False
    name = last_name(call.func)
    if name not in _INDEX_ARGUMENT and name not in _FUNCTION_INDEX_ARGUMENT:
        return False
    if parent.keyword is not None:
        return parent.keyword.value in ("index", "indices", "target")
    at = _FUNCTION_INDEX_ARGUMENT.get(name)
    if at is None:
        at = _INDEX_ARGUMENT[name]
        qualified = flow.facts.qualified_name(call.func)
        if qualified is not None and qualified.startswith("torch."):
            at += 1  # `torch.index_select(x, dim, index)`: the tensor comes first
    args = positional(call)
    return at < len(args) and args[at] is node
