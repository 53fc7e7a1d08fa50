import torch
from sklearn.decomposition import TruncatedSVD
from sklearn.feature_extraction.text import TfidfVectorizer

TOPICS = {
    "space": "rocket orbit launch satellite moon mars astronaut nasa",
    "cooking": "recipe oven flour butter sugar bake dough pasta",
    "finance": "stock market bond interest rate inflation bank loan",
}


def synthetic_corpus(n_per_topic=40):
    import random
    rnd = random.Random(0)
    docs, labels = [], []
    for label, words in TOPICS.items():
        vocab = words.split()
        for _ in range(n_per_topic):
            docs.append(" ".join(rnd.choices(vocab, k=12) + rnd.choices(["the", "a", "new", "report"], k=4)))
            labels.append(label)
    return docs, labels


class LsaIndex:
    def __init__(self, docs, dim=16):
        self.vectorizer = TfidfVectorizer()
        self.svd = TruncatedSVD(n_components=dim, random_state=0)
        self.emb = self.svd.fit_transform(self.vectorizer.fit_transform(docs))

    def encode(self, texts):
        return self.svd.transform(self.vectorizer.transform(texts))

    def as_batch(self):
        return {"emb": torch.from_numpy(self.emb), "doc_ids": torch.arange(len(self.emb))}
