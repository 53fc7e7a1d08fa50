"""Support-ticket texts -> TF-IDF features."""
from sklearn.feature_extraction.text import TfidfVectorizer

TICKETS = [
    ("my invoice shows the wrong amount", "billing"),
    ("charged twice for the same order", "billing"),
    ("refund has not arrived yet", "billing"),
    ("app crashes when I open settings", "bug"),
    ("error 500 on the login page", "bug"),
    ("button does nothing after the update", "bug"),
    ("how do I export my data", "howto"),
    ("where can I change my password", "howto"),
    ("can I share a board with my team", "howto"),
] * 4


class TicketFeaturizer:
    def __init__(self, max_features):
        self.vectorizer = TfidfVectorizer(max_features=max_features, ngram_range=(1, 2))
        self.classes = sorted({label for _, label in TICKETS})

    def fit_transform(self, tickets):
        texts = [t for t, _ in tickets]
        labels = [self.classes.index(lbl) for _, lbl in tickets]
        matrix = self.vectorizer.fit_transform(texts)
        return matrix.toarray(), labels
