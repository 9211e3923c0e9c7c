package app.baitcheck.mobile;

import android.content.Context;
import com.getcapacitor.JSObject;
import com.getcapacitor.Plugin;
import com.getcapacitor.PluginCall;
import com.getcapacitor.PluginMethod;
import com.getcapacitor.annotation.CapacitorPlugin;

/**
 * Whether this build has a Firebase project (google-services.json, which the Google services
 * Gradle plugin turns into the google_app_id resource). Without one, PushNotifications.register()
 * does not fail: it crashes the app (ionic-team/capacitor-plugins#2370), so the web code asks here
 * first (src/lib/native/push.ts).
 */
@CapacitorPlugin(name = "PushSetup")
public class PushSetupPlugin extends Plugin {

    @PluginMethod
    public void check(PluginCall call) {
        Context context = getContext();
        int googleAppId = context.getResources().getIdentifier("google_app_id", "string", context.getPackageName());
        JSObject result = new JSObject();
        result.put("firebase", googleAppId != 0);
        call.resolve(result);
    }
}
