#ifndef TESSERA_CGSPELL_H
#define TESSERA_CGSPELL_H
// gspell, opened on first use instead of linked (as libcurl): only the chat's composer needs it.
#include <gtk/gtk.h>

/// NULL once gspell is loaded; otherwise why it could not be (kept for the process's life).
const char *tessera_gspell_load_error(void);

/// A new checker for `language` ("en_US"; NULL: the desktop's), loading its dictionary; NULL without gspell.
GObject *tessera_gspell_new_checker(const char *language);

/// Checks `entry` inline with `checker` from now on.
void tessera_gspell_check_entry(GtkEntry *entry, GObject *checker);

/// The code of `checker`'s language, or NULL when it has none.
const char *tessera_gspell_language(GObject *checker);

gboolean tessera_gspell_set_language(GObject *checker, const char *language); // FALSE: no dictionary

/// The codes of the languages with a dictionary here, NULL-terminated; free with g_strfreev.
char **tessera_gspell_available_languages(void);

const char *tessera_gspell_default_language(void); // the desktop's, else any

#endif
