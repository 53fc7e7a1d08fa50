import torch.nn as nn


class CallNet(nn.Module):
    def __init__(self, n_coeff=13, n_classes=3):
        super().__init__()
        self.rnn = nn.LSTM(n_coeff, 32, batch_first=True)
        self.fc = nn.Linear(32, n_classes)

    def forward(self, mfcc):
        out, _ = self.rnn(mfcc.float())
        return self.fc(out.mean(1))
