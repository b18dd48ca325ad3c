/* JSON writer and parser: implemented by the CLI/export work. */
#include "export/json.h"
