#ifndef TESSERA_CGEXIV2_SHIM_H
#define TESSERA_CGEXIV2_SHIM_H
// gexiv2 over exiv2: a picture's EXIF and XMP, read in the decoder helper only.
#include <gexiv2/gexiv2.h>
#endif
