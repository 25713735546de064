from designer.app import main

raise SystemExit(main())
