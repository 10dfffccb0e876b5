"""A component, config read plain and secret, and stack outputs: what a Python program needs of
the language host and the pulumi SDK, without any provider."""

import pulumi


class Greeting(pulumi.ComponentResource):
    """Greets the stack it runs in."""

    def __init__(self, name: str, greeting: str, opts: pulumi.ResourceOptions | None = None):
        super().__init__("python-smoke:index:Greeting", name, None, opts)
        self.message = pulumi.Output.from_input(f"{greeting}, {pulumi.get_stack()}")
        self.register_outputs({"message": self.message})


config = pulumi.Config()
if config.get_bool("fail"):
    raise ValueError("asked to fail by the python-smoke:fail config")

greeting = Greeting("greeting", config.require("greeting"))
pulumi.export("message", greeting.message)
pulumi.export("project", pulumi.get_project())
pulumi.export("token", config.require_secret("token"))
