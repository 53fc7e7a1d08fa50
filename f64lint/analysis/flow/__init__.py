"""Flow: where values go, what stays on the CPU, and the `Analysis` rules receive. Imports
every layer below."""
