// Opens gspell on first use and forwards the calls declared in CGspell.h to it.
#include "CGspell.h"
#include <gspell/gspell.h>
#include <dlfcn.h>
#include <stdio.h>

#define TESSERA_GSPELL_FUNCTIONS(X) \
    X(gspell_entry_get_from_gtk_entry) X(gspell_entry_set_inline_spell_checking) \
    X(gspell_entry_buffer_get_from_gtk_entry_buffer) X(gspell_entry_buffer_set_spell_checker) \
    X(gspell_checker_new) X(gspell_checker_get_language) X(gspell_checker_set_language) \
    X(gspell_language_lookup) X(gspell_language_get_code) X(gspell_language_get_available) \
    X(gspell_language_get_default)

static struct {
#define TESSERA_FIELD(name) __typeof__(&name) name;
    TESSERA_GSPELL_FUNCTIONS(TESSERA_FIELD)
#undef TESSERA_FIELD
} gspell;

static GOnce once = G_ONCE_INIT;
static char error_text[512];

static gpointer load(gpointer unused) {
    (void)unused;
    // The soname of gspell 1 (Debian's libgspell-1-2 package).
    void *library = dlopen("libgspell-1.so.2", RTLD_LAZY | RTLD_LOCAL);
    if (!library) {
        snprintf(error_text, sizeof error_text, "gspell could not be loaded (%s)", dlerror());
        return error_text;
    }
#define TESSERA_RESOLVE(name) \
    gspell.name = (__typeof__(gspell.name))dlsym(library, #name); \
    if (!gspell.name) { \
        snprintf(error_text, sizeof error_text, "libgspell-1.so.2 has no %s", #name); \
        return error_text; \
    }
    TESSERA_GSPELL_FUNCTIONS(TESSERA_RESOLVE)
#undef TESSERA_RESOLVE
    return NULL;
}

const char *tessera_gspell_load_error(void) {
    return g_once(&once, load, NULL);
}

#define CHECKER(object) ((GspellChecker *)(object))

GObject *tessera_gspell_new_checker(const char *language) {
    if (tessera_gspell_load_error()) return NULL;
    const GspellLanguage *found = language ? gspell.gspell_language_lookup(language) : NULL;
    return G_OBJECT(gspell.gspell_checker_new(found));
}

void tessera_gspell_check_entry(GtkEntry *entry, GObject *checker) {
    if (tessera_gspell_load_error()) return;
    GspellEntryBuffer *buffer = gspell.gspell_entry_buffer_get_from_gtk_entry_buffer(gtk_entry_get_buffer(entry));
    gspell.gspell_entry_buffer_set_spell_checker(buffer, CHECKER(checker));
    gspell.gspell_entry_set_inline_spell_checking(gspell.gspell_entry_get_from_gtk_entry(entry), TRUE);
}

const char *tessera_gspell_language(GObject *checker) {
    if (tessera_gspell_load_error()) return NULL;
    const GspellLanguage *language = gspell.gspell_checker_get_language(CHECKER(checker));
    return language ? gspell.gspell_language_get_code(language) : NULL;
}

gboolean tessera_gspell_set_language(GObject *checker, const char *language) {
    if (tessera_gspell_load_error() || !language) return FALSE;
    const GspellLanguage *found = gspell.gspell_language_lookup(language);
    if (!found) return FALSE;
    gspell.gspell_checker_set_language(CHECKER(checker), found);
    return TRUE;
}

char **tessera_gspell_available_languages(void) {
    if (tessera_gspell_load_error()) return g_new0(char *, 1);
    const GList *languages = gspell.gspell_language_get_available();
    char **codes = g_new0(char *, g_list_length((GList *)languages) + 1);
    size_t count = 0;
    for (const GList *node = languages; node; node = node->next) {
        codes[count++] = g_strdup(gspell.gspell_language_get_code(node->data));
    }
    return codes;
}

const char *tessera_gspell_default_language(void) {
    if (tessera_gspell_load_error()) return NULL;
    const GspellLanguage *language = gspell.gspell_language_get_default();
    return language ? gspell.gspell_language_get_code(language) : NULL;
}
