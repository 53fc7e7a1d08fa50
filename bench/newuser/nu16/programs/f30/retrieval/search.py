import torch

from retrieval.encode import encode_in_chunks, fit_reducer, synthetic_corpus
from retrieval.index import DenseIndex


def main():
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    corpus, topics = synthetic_corpus()
    reducer = fit_reducer(corpus)
    index = DenseIndex(device)
    for chunk in encode_in_chunks(reducer, corpus):
        index.add(chunk)
    queries = next(encode_in_chunks(reducer, corpus[:10], chunk_size=10))
    scores, ids = index.search(queries)
    hits = (torch.as_tensor(topics)[ids.cpu()] == torch.as_tensor(topics[:10])[:, None]).float().mean()
    print(f"topic precision@5 {hits.item():.2f}")


if __name__ == "__main__":
    main()
