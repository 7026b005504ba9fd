#include "test_browser.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char opened[PATH_MAX], received[PATH_MAX];

const char *tessera_test_browser_opened_path(void) { return opened; }
const char *tessera_test_picture_viewer_received_path(void) { return received; }

static int write_file(const char *path, const char *text, mode_t mode) {
    FILE *file = fopen(path, "w");
    if (!file) return 0;
    fputs(text, file);
    fclose(file);
    return chmod(path, mode) == 0;
}

// Programs GIO takes as the defaults for http, https and mailto addresses and for PNG and JPEG files: their
// desktop files and a mimeapps.list in a folder put first in XDG_DATA_DIRS. The browser writes each address
// to `opened`.
__attribute__((constructor)) static void install(void) {
    const char *temporary = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    char folder[PATH_MAX], share[PATH_MAX], applications[PATH_MAX], program[PATH_MAX], path[PATH_MAX], text[4 * PATH_MAX];
    snprintf(folder, sizeof folder, "%s/tessera-test-browser-%d", temporary, (int)getpid());
    snprintf(share, sizeof share, "%s/share", folder);
    snprintf(applications, sizeof applications, "%s/applications", share);
    if ((mkdir(folder, 0700) != 0 && access(folder, W_OK) != 0) || (mkdir(share, 0700) != 0 && access(share, W_OK) != 0)
        || (mkdir(applications, 0700) != 0 && access(applications, W_OK) != 0)) return;
    snprintf(opened, sizeof opened, "%s/opened.txt", folder);
    snprintf(program, sizeof program, "%s/browser.sh", folder);
    snprintf(text, sizeof text, "#!/bin/sh\nprintf '%%s\\n' \"$1\" >> '%s'\n", opened);
    if (!write_file(program, text, 0755)) return;
    snprintf(path, sizeof path, "%s/tessera-test-browser.desktop", applications);
    snprintf(text, sizeof text,
             "[Desktop Entry]\nType=Application\nName=Browser stand-in\nExec=%s %%u\nNoDisplay=true\n"
             "MimeType=x-scheme-handler/http;x-scheme-handler/https;x-scheme-handler/mailto;\n", program);
    if (!write_file(path, text, 0644)) return;
    // A picture viewer: what it is started with, copied to `received`, and its path appended to `received.txt`.
    snprintf(received, sizeof received, "%s/received", folder);
    snprintf(program, sizeof program, "%s/viewer.sh", folder);
    snprintf(text, sizeof text, "#!/bin/sh\ncp \"$1\" '%s' && printf '%%s\\n' \"$1\" >> '%s.txt'\n", received, received);
    if (!write_file(program, text, 0755)) return;
    snprintf(path, sizeof path, "%s/tessera-test-picture-viewer.desktop", applications);
    snprintf(text, sizeof text,
             "[Desktop Entry]\nType=Application\nName=Picture viewer stand-in\nExec=%s %%f\n"
             "MimeType=image/png;image/jpeg;image/gif;image/webp;\n", program);
    if (!write_file(path, text, 0644)) return;
    // GIO lists the programs for a type from this index (update-desktop-database writes it on a desktop).
    snprintf(path, sizeof path, "%s/mimeinfo.cache", applications);
    if (!write_file(path, "[MIME Cache]\nimage/png=tessera-test-picture-viewer.desktop;\nimage/jpeg=tessera-test-picture-viewer.desktop;\n",
                    0644)) return;
    snprintf(path, sizeof path, "%s/mimeapps.list", applications);
    if (!write_file(path, "[Default Applications]\nx-scheme-handler/http=tessera-test-browser.desktop\n"
                          "x-scheme-handler/https=tessera-test-browser.desktop\nx-scheme-handler/mailto=tessera-test-browser.desktop\n"
                          "image/png=tessera-test-picture-viewer.desktop\nimage/jpeg=tessera-test-picture-viewer.desktop\n", 0644)) return;
    const char *system = getenv("XDG_DATA_DIRS");
    snprintf(text, sizeof text, "%s:%s", share, system && *system ? system : "/usr/local/share:/usr/share");
    setenv("XDG_DATA_DIRS", text, 1);
}
