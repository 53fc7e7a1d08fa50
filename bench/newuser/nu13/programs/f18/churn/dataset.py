from torch.utils.data import Dataset


class CustomerDataset(Dataset):
    def __init__(self, frame, preprocessor, fit=False):
        cols = frame.drop(columns=["churned"])
        self.features = preprocessor.fit_transform(cols) if fit else preprocessor.transform(cols)
        self.labels = frame["churned"].to_numpy()

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.features[i], self.labels[i]
