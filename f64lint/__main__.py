from f64lint.cli.command import main

main()
