#ifndef TESSERA_CINTL_SHIM_H
#define TESSERA_CINTL_SHIM_H

// GNU gettext as glibc carries it (libintl.h), which Swift's Glibc module does not export, and
// setlocale. Nothing to link: both are in libc.

#include <libintl.h>
#include <locale.h>

#endif
