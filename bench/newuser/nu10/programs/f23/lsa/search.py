import torch
import torch.nn.functional as F

from lsa.index import LsaIndex, synthetic_corpus
from lsa.utils import get_device, move_to


def search(index_batch, query_emb, k=5):
    sims = F.normalize(query_emb, dim=1) @ F.normalize(index_batch["emb"], dim=1).T
    scores, pos = sims.topk(k, dim=1)
    return scores, index_batch["doc_ids"][pos]


if __name__ == "__main__":
    device = get_device()
    docs, labels = synthetic_corpus()
    index = LsaIndex(docs)
    batch = move_to(index.as_batch(), device)
    queries = ["mars rocket launch", "bake bread with butter", "bank interest rate"]
    q = move_to(torch.from_numpy(index.encode(queries)), device)
    scores, ids = search(batch, q)
    for query, row in zip(queries, ids.cpu().tolist()):
        print(query, "->", [labels[i] for i in row])
