from sklearn.datasets import make_classification
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.model_selection import train_test_split


def load_data(seed=0):
    X, y = make_classification(n_samples=3000, n_features=20, n_informative=8, n_classes=4, random_state=seed)
    return train_test_split(X, y, test_size=0.2, random_state=seed)


def fit_teacher(X, y):
    return HistGradientBoostingClassifier(max_iter=60, random_state=0).fit(X, y)


def soft_labels(teacher, X, temperature=2.0):
    """Teacher probabilities, sharpened or softened by a temperature."""
    p = teacher.predict_proba(X) ** (1.0 / temperature)
    return p / p.sum(axis=1, keepdims=True)
