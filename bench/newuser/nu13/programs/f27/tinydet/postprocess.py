import torch


def decode(deltas, anchors, clip=4.0):
    cx = anchors[..., 0] + deltas[..., 0] * anchors[..., 2]
    cy = anchors[..., 1] + deltas[..., 1] * anchors[..., 3]
    w = anchors[..., 2] * deltas[..., 2].clamp(max=clip).exp()
    h = anchors[..., 3] * deltas[..., 3].clamp(max=clip).exp()
    return torch.stack([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2], dim=-1)


def postprocess(deltas, logits, anchor_array, score_threshold=0.5, top_k=10):
    anchors = torch.as_tensor(anchor_array, device=deltas.device)
    boxes = decode(deltas, anchors[None]).float()
    scores, labels = logits.softmax(-1).max(-1)
    results = []
    for b in range(deltas.shape[0]):
        keep = scores[b] > score_threshold
        s, idx = scores[b][keep].topk(min(top_k, int(keep.sum())))
        results.append({"boxes": boxes[b][keep][idx], "scores": s, "labels": labels[b][keep][idx]})
    return results
