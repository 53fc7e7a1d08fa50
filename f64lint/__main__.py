from f64lint.cli import main

main()
