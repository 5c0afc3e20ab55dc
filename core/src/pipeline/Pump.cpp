#include "msgx/pipeline/Pump.h"
