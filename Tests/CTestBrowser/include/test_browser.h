#ifndef TESSERA_TEST_BROWSER_H
#define TESSERA_TEST_BROWSER_H
// The desktop's browser for the tests: made when the test bundle loads, before any test runs
// and before GLib first reads the XDG folders (it keeps what it read for the process's life).

/// The file the stand-in appends each address it is started with to, one a line.
const char *tessera_test_browser_opened_path(void);

/// Where the picture viewer stand-in copies the file it is started with (its path also goes to `<this>.txt`).
const char *tessera_test_picture_viewer_received_path(void);

#endif
