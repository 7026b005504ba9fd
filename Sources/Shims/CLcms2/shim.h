#ifndef TESSERA_CLCMS2_SHIM_H
#define TESSERA_CLCMS2_SHIM_H
// Little CMS 2: embedded ICC profiles converted to sRGB when a picture is decoded.
#include <lcms2.h>

// The pixel formats are macros built from bit fields, which Swift does not import.
static const cmsUInt32Number tessera_lcms_rgb_8 = TYPE_RGB_8;
static const cmsUInt32Number tessera_lcms_rgba_8 = TYPE_RGBA_8;
static const cmsUInt32Number tessera_lcms_transform_flags = cmsFLAGS_NOCACHE | cmsFLAGS_COPY_ALPHA;
#endif
